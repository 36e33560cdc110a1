import { useState } from "react";

export type PanelCard = "import" | "export";

/**
 * The /contacts panel that the Import and Export commands open: each opens its own card; the command
 * of the card already shown closes the panel, the other one switches to its card.
 */
export function useImportExportPanel() {
  const [card, setCard] = useState<PanelCard | null>(null);
  return { card, toggle: (next: PanelCard) => setCard((shown) => (shown === next ? null : next)) };
}

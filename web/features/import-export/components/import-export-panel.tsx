import { Suspense, lazy, useState } from "react";
import type { PanelCard } from "../hooks/use-import-export-panel";
import type { ContactFilter } from "@shared/contact-fields";

// The cards load when first opened: most visits to the list never import or export.
const ImportPanel = lazy(() => import("./import-panel").then((m) => ({ default: m.ImportPanel })));
const ExportCard = lazy(() => import("./export-card").then((m) => ({ default: m.ExportCard })));

/**
 * The collapsible panel under the header that Import and Export open, one card at a time. A card stays
 * mounted once opened (hidden when closed), so an import under way is still followed after switching.
 */
export function ImportExportPanel({
  id,
  card,
  listScope,
}: {
  id: string;
  card: PanelCard | null;
  /** The list's search and filter, which the export card offers as a scope. */
  listScope: { q: string; filter: ContactFilter };
}) {
  const [opened, setOpened] = useState<PanelCard[]>([]);
  if (card && !opened.includes(card)) setOpened([...opened, card]);
  return (
    <section id={id} hidden={!card} aria-label={card === "export" ? "Export contacts" : "Import contacts"} className="mb-6">
      <Suspense fallback={null}>
        {opened.includes("import") && (
          <div hidden={card !== "import"}>
            <ImportPanel />
          </div>
        )}
        {opened.includes("export") && (
          <div hidden={card !== "export"}>
            <ExportCard listScope={listScope} />
          </div>
        )}
      </Suspense>
    </section>
  );
}

// The live feature's public surface: what another person just changed in a contact this tab shows, and the
// note of this tab's own actions (the query client records them so their echo is not applied twice).
export { useRemoteChange } from "./hooks/use-remote-change";
export { recordOwnAction } from "./lib/own-actions";

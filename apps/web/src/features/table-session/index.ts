/**
 * The table session feature (issue 20, decision 034). app/ lazy-loads the panel only when a guest
 * scanned a table's code (or joined one before), so the guest page's first load does not carry it.
 */
export type { TableSessionPanelProps } from './components/table-session-panel.tsx';
export type { TablePayRequest } from './components/pay-my-part.tsx';
export { hasTable } from './lib/has-table.ts';

import { ClipboardList, QrCode, Settings, Users, UtensilsCrossed, type LucideIcon } from 'lucide-react';

/** The back office sections of /admin/:id, in navigation order. */
export const VENUE_SECTIONS: readonly { path: 'menu' | 'orders' | 'settings' | 'tables' | 'staff'; icon: LucideIcon }[] = [
  { path: 'menu', icon: UtensilsCrossed },
  { path: 'orders', icon: ClipboardList },
  { path: 'settings', icon: Settings },
  { path: 'tables', icon: QrCode },
  { path: 'staff', icon: Users },
];

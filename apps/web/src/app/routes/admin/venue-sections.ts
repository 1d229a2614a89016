import {
  BarChart3,
  ClipboardList,
  Printer,
  QrCode,
  Settings,
  Users,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';

/** The back office sections of /admin/:id, in navigation order; `ownersOnly` ones are not shown to managers. */
export const VENUE_SECTIONS: readonly {
  path: 'menu' | 'orders' | 'settings' | 'tables' | 'printing' | 'staff' | 'sales';
  icon: LucideIcon;
  ownersOnly?: boolean;
}[] = [
  { path: 'menu', icon: UtensilsCrossed },
  { path: 'orders', icon: ClipboardList },
  { path: 'settings', icon: Settings },
  { path: 'tables', icon: QrCode },
  { path: 'printing', icon: Printer },
  { path: 'staff', icon: Users },
  { path: 'sales', icon: BarChart3, ownersOnly: true },
];

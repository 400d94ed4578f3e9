import {
  Apps20Regular,
  BoxMultiple20Regular,
  Building20Regular,
  BuildingFactory20Regular,
  CalendarLtr20Regular,
  ChartMultiple20Regular,
  ClipboardTask20Regular,
  DataBarVertical20Regular,
  DocumentText20Regular,
  Home20Regular,
  Mail20Regular,
  People20Regular,
  Settings20Regular,
  ShoppingBag20Regular,
  Warning20Regular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';

/** Menu icons by the ICON name a menu declares (src/model/menus.ts); others get a page icon. */
const ICONS: Record<string, () => ReactElement> = {
  home: () => <Home20Regular />,
  mail: () => <Mail20Regular />,
  outbox: () => <Mail20Regular />,
  settings: () => <Settings20Regular />,
  admin: () => <Settings20Regular />,
  people: () => <People20Regular />,
  users: () => <People20Regular />,
  company: () => <Building20Regular />,
  masterdata: () => <BoxMultiple20Regular />,
  factory: () => <BuildingFactory20Regular />,
  production: () => <BuildingFactory20Regular />,
  calendar: () => <CalendarLtr20Regular />,
  report: () => <ChartMultiple20Regular />,
  chart: () => <DataBarVertical20Regular />,
  task: () => <ClipboardTask20Regular />,
  purchase: () => <ShoppingBag20Regular />,
  sourcing: () => <ShoppingBag20Regular />,
  ticket: () => <Warning20Regular />,
  apps: () => <Apps20Regular />,
};

export function menuIcon(name: string | undefined): ReactElement {
  return (name && ICONS[name] ? ICONS[name] : () => <DocumentText20Regular />)();
}

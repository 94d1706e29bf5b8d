export { AdminShell, useSidebarState } from './components/admin-shell';
export { ADMIN_NAV, breadcrumbsFor, sidebarFor } from './nav';
export { text as adminText } from './text';

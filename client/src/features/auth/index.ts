export { RouteGuard } from './components/route-guard';
export { AccessDenied, AuthenticationRequired, CheckingAccess } from './components/access-screens';
export { text as authText } from './text';

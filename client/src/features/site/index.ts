export { Slider } from './components/slider';
export { QuickLinks } from './components/quick-links';
export { OrganizationInfo, BoardMembers, Achievements } from './components/about';
export { useOrganization, siteKeys } from './api/site';
export { text as siteText } from './text';

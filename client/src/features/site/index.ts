export { Slider } from './components/slider';
export { QuickLinks } from './components/quick-links';
export { OrganizationInfo, BoardMembers, Achievements } from './components/about';
export { PageBanner } from './components/page-banner';
export { useOrganization, siteKeys } from './api/site';
export { text as siteText } from './text';

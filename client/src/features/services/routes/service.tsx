// The community services' pages (/medical-aid, /kvss, …): one route module for all of them;
// the route table names each route's page in its `handle` (`{ servicePage: 'kvss' }`).
import { useMatches } from 'react-router';
import { ServicePage } from '../components/service-page';
import { pages, type ServicePageName } from '../text';

/** The route `handle` naming the page a service route shows. */
export interface ServiceHandle {
  servicePage: ServicePageName;
}

export function Component() {
  const handle = useMatches().at(-1)?.handle as ServiceHandle;
  return <ServicePage page={pages[handle.servicePage]} />;
}

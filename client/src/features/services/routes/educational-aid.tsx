import { ServicePage } from '../components/service-page';
import { pages } from '../text';

export function Component() {
  return <ServicePage page={pages.educationalAid} />;
}

import { Page, PageHeader } from '@/components/ui/states';
import {
  Achievements,
  BoardMembers,
  OrganizationInfo,
  PageBanner,
  siteText,
} from '@/features/site';

export function Component() {
  return (
    <Page>
      <PageBanner imageKey="about.banner" />
      <PageHeader title={siteText.aboutTitle} />
      <div className="space-y-12">
        <OrganizationInfo />
        <BoardMembers />
        <Achievements />
      </div>
    </Page>
  );
}

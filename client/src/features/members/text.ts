export const text = {
  title: 'Members',
  intro:
    'Approved members of the trust who choose to be listed. Contact details are shared with members only.',
  search: 'Search by name or membership number',
  city: 'City',
  empty: 'No members match your search',
  loadError: 'The members listing could not be loaded.',
  previous: 'Previous page',
  next: 'Next page',
  page: (n: number) => `Page ${n}`,
  types: { life: 'Life member', annual: 'Annual member', patron: 'Patron' } as Record<
    string,
    string
  >,
  dashboardTitle: 'Member Directory',
  dashboardIntro: 'Approved members who share their contact details with other members.',
  backHome: 'Back to Home',
  notFound: 'Member not found',
  back: 'Back to the directory',
  mobile: 'Mobile',
  email: 'Email',
  profession: 'Profession',
  nativePlace: 'Native place',
  gotra: 'Gotra',
  membershipNo: 'Membership no.',
} as const;

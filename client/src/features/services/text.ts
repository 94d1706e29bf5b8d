// The community services' pages: all their text in one place, for translation.
import { kannada } from '@/lib/i18n/words';

export interface ServicePage {
  title: string;
  intro: string;
  sections: { heading: string; body: string }[];
  actions: { to: string; label: string; external?: boolean }[];
}

export const pages = {
  medicalAid: {
    title: 'Medical Aid',
    intro:
      'The trust helps member families meet the cost of serious illness and hospital treatment.',
    sections: [
      {
        heading: 'Who can apply',
        body: 'Members of the trust and their dependants, for treatment in a recognised hospital.',
      },
      {
        heading: 'How to apply',
        body: 'Write to the trust office with the patient’s details, the hospital’s estimate and your membership number. The medical aid committee replies within a week.',
      },
      {
        heading: 'Health camps',
        body: 'Free check-ups are held through the year; see Events for the next camp.',
      },
    ],
    actions: [
      { to: '/contact', label: 'Write to the medical aid committee' },
      { to: '/events', label: 'See upcoming health camps' },
    ],
  },
  seniorSos: {
    title: 'Senior Citizen SOS',
    intro:
      'Elders living alone can reach a volunteer at any hour for help with emergencies, hospital visits or daily needs.',
    sections: [
      {
        heading: 'In an emergency',
        body: 'Call 112 first. Then call the SOS line so a volunteer can reach you and inform your family.',
      },
      {
        heading: 'SOS line',
        body: '+91 98200 00000 (24 hours). Volunteers in Matunga, Dadar, Thane and Navi Mumbai.',
      },
      {
        heading: 'Register an elder',
        body: 'Families can register an elder’s address, doctor and emergency contacts with the trust office.',
      },
    ],
    actions: [
      { to: 'tel:+919820000000', label: 'Call the SOS line', external: true },
      { to: '/contact', label: 'Register an elder' },
    ],
  },
  kvss: {
    title: 'KVSS',
    intro:
      'The community’s welfare and service society: volunteers who organise help, events and outreach.',
    sections: [
      {
        heading: 'What we do',
        body: 'Blood donation drives, help for families in need, youth programmes and support at community events.',
      },
      {
        heading: 'Volunteer',
        body: 'Every pair of hands helps. Tell us what you can do and when.',
      },
    ],
    actions: [{ to: '/contact', label: 'Volunteer with KVSS' }],
  },
  guruPitha: {
    title: 'Guru Pitha',
    intro: 'The Havyaka community’s spiritual seat and the guidance of its pontiffs.',
    sections: [
      {
        heading: 'Our tradition',
        body: 'The Guru Pitha guides the community’s religious life, its festivals and its support for Vedic learning.',
      },
      {
        heading: 'Visits and programmes',
        body: 'The trust announces the pontiff’s visits to Mumbai and related programmes under Events.',
      },
    ],
    actions: [{ to: '/events', label: 'See programmes' }],
  },
  membership: {
    title: 'Membership',
    intro:
      'Life and annual membership of the trust: a voice in the community, the Havyaka Sandesha at home, and access to the member directory.',
    sections: [
      {
        heading: 'Life membership',
        body: 'A one-time fee; the membership number stays with you for life.',
      },
      { heading: 'Annual membership', body: 'Renewed every year from April.' },
      {
        heading: 'How to join',
        body: 'Fill in the online application; the office confirms your membership after approval.',
      },
    ],
    actions: [
      { to: '/membership/registration', label: 'Apply for membership' },
      { to: '/members', label: 'See the members listing' },
    ],
  },
  educationalAid: {
    title: 'Educational Aid',
    intro:
      'Scholarships and interest-free help for Havyaka students in school, college and professional courses.',
    sections: [
      {
        heading: 'Who can apply',
        body: 'Students from Havyaka families with two references from members of the trust.',
      },
      {
        heading: 'What you need',
        body: 'Your last marks, the course’s fee details, your family income and a short note on why you seek aid.',
      },
      {
        heading: 'After approval',
        body: 'Students send progress reports each term from their dashboard.',
      },
    ],
    actions: [{ to: '/student-registration', label: 'Register as a student' }],
  },
  matrimony: {
    title: 'Matrimony',
    intro:
      'A trusted matrimony service for Havyaka families. Profiles are checked and approved by the trust before they are shown.',
    sections: [
      {
        heading: 'Register',
        body: 'Create your profile with your details, partner preferences and references.',
      },
      {
        heading: 'Privacy',
        body: 'Only approved registrants can see approved profiles; contact details are shared when both sides agree.',
      },
    ],
    actions: [
      { to: '/matrimony/registration', label: 'Register a profile' },
      { to: '/matrimony/browse', label: 'Browse profiles' },
    ],
  },
} satisfies Record<string, ServicePage>;

/** The name of a service page (`pages`' keys). */
export type ServicePageName = keyof typeof pages;

kannada({ pages }, () => import('./text.kn'));

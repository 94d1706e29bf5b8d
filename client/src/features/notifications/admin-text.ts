// Every string of the staff notifications screen (announcements and the contact inbox).
import { kannada } from '@/lib/i18n/words';
import { mumbaiDay } from '@/lib/display-format';

export const adminText = {
  title: 'Notifications',
  intro: 'Announce to the community in the app and by push, and read the contact form’s messages.',
  tabs: { compose: 'Send announcement', history: 'History', inbox: 'Contact messages' },
  fields: {
    title: 'Title',
    message: 'Message',
    audience: 'Audience',
    link: 'Link (optional)',
    linkHint:
      'Opened when the notification is clicked: a page of this site (/events) or a full address.',
  },
  audiences: {
    everyone: 'Everyone',
    members: 'Members',
    students: 'Students',
    matrimony: 'Matrimony users',
  } as Record<string, string>,
  send: 'Send announcement',
  sending: 'Sending…',
  confirmSend: (audience: string) => `Send this announcement to ${audience}?`,
  confirmSendBody:
    'Each approved account of the audience gets it in the app, and their devices that allow notifications get a push. It cannot be recalled.',
  sent: (n: number) => `Announcement sent to ${n} ${n === 1 ? 'account' : 'accounts'}`,
  messages: {
    titleRequired: 'Title is required',
    titleMax: 'Title must not exceed 200 characters',
    messageRequired: 'Message is required',
    messageMax: 'Message must not exceed 2000 characters',
    link: 'Link format is invalid',
  },
  history: {
    tableLabel: 'Announcements sent',
    empty: 'No announcements yet',
    noMatch: 'No announcements match',
    search: 'Search announcements',
    searchPlaceholder: 'Title or message',
    audience: 'Audience',
    allAudiences: 'All audiences',
    columns: {
      sent: 'Sent',
      title: 'Title',
      message: 'Message',
      audience: 'Audience',
      recipients: 'In-app',
      pushes: 'Pushes',
    },
    exportCsv: 'Export CSV',
    exportName: () => `announcements-${mumbaiDay()}`,
    csv: {
      sent: 'Sent',
      title: 'Title',
      message: 'Message',
      audience: 'Audience',
      link: 'Link',
      recipients: 'In-app recipients',
      queued: 'Pushes queued',
      delivered: 'Pushes delivered',
      failed: 'Pushes failed',
    },
    recipients: (n: number) => `${n} in-app`,
    pushes: (queued: number, sent: number, failed: number) =>
      `pushes: ${sent} delivered of ${queued}${failed ? `, ${failed} failed` : ''}`,
  },
  inbox: {
    tableLabel: 'Contact messages',
    empty: 'No messages',
    search: 'Search messages',
    searchPlaceholder: 'Subject, name, e-mail or text',
    columns: {
      received: 'Received',
      subject: 'Subject',
      from: 'From',
      message: 'Message',
      status: 'Status',
      reply: 'Reply',
    },
    exportCsv: 'Export CSV',
    exportName: () => `contact-messages-${mumbaiDay()}`,
    csv: {
      received: 'Received',
      firstName: 'First name',
      lastName: 'Last name',
      email: 'Email',
      phone: 'Phone',
      subject: 'Subject',
      message: 'Message',
      status: 'Status',
    },
    replySubject: (subject: string) => `Re: ${subject}`,
    adminsOnly: 'Only administrators read the contact form’s messages.',
    show: 'Show',
    statuses: { new: 'New', read: 'Read', replied: 'Replied', archived: 'Archived' } as Record<
      string,
      string
    >,
    all: 'All',
    statusOf: (subject: string) => `Status of “${subject}”`,
    reply: 'Reply by e-mail',
    updated: 'Message updated',
  },
} as const;

kannada({ adminText }, () => import('./admin-text.kn'));

// An event into the user's calendar: the server's .ics file (a plain link: it works without
// JavaScript, and phones open it in their calendar app) and Google Calendar's "add event" page.
import { CalendarPlus, ExternalLink } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { apiUrl, sdkKey } from '@/lib/sdk';
import { descriptionToHtml, htmlText } from '@/lib/stored-html';
import type { EventRow } from '../api/events';
import { googleCalendarUrl, icsFileName, icsUrl, type CalendarEvent } from '../lib/calendar-links';
import { text } from '../text';

export function CalendarLinks({ event }: { event: CalendarEvent & Pick<EventRow, 'description'> }) {
  const google = googleCalendarUrl(event, {
    details: htmlText(descriptionToHtml(event.description)),
    pageUrl: `${window.location.origin}/events/${event.id}`,
  });
  return (
    <div className="flex flex-wrap gap-2" data-testid="calendar-links">
      <a
        className={buttonClass('secondary')}
        href={icsUrl(apiUrl(), event.id, sdkKey())}
        download={icsFileName(event.title)}
        type="text/calendar"
      >
        <CalendarPlus className="h-4 w-4" aria-hidden /> {text.addToCalendar}
      </a>
      <a
        className={buttonClass('secondary')}
        href={google}
        target="_blank"
        rel="noopener noreferrer"
      >
        <ExternalLink className="h-4 w-4" aria-hidden /> {text.addToGoogleCalendar}
        <span className="sr-only"> {text.opensInNewTab}</span>
      </a>
    </div>
  );
}

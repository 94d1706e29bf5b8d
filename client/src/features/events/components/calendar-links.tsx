// An event into the user's calendar: the server's .ics file (a plain link: it works without
// JavaScript, and phones open it in their calendar app) and Google Calendar's "add event" page.
import { CalendarPlus, ExternalLink } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { apiUrl, sdkKey } from '@/lib/sdk';
import { descriptionToHtml, htmlText } from '@/lib/stored-html';
import type { EventRow } from '../api/events';
import { googleCalendarUrl, icsFileName, icsUrl, type CalendarEvent } from '../lib/calendar-links';
import { downloadIcs, offlineIcs } from '../lib/ics-offline';
import { text } from '../text';

export function CalendarLinks({ event }: { event: CalendarEvent & Pick<EventRow, 'description'> }) {
  const details = htmlText(descriptionToHtml(event.description));
  const pageUrl = `${window.location.origin}/events/${event.id}`;
  const google = googleCalendarUrl(event, { details, pageUrl });
  return (
    <div className="flex flex-wrap gap-2" data-testid="calendar-links">
      <a
        className={buttonClass('secondary')}
        href={icsUrl(apiUrl(), event.id, sdkKey())}
        download={icsFileName(event.title)}
        type="text/calendar"
        onClick={(click) => {
          // Offline the server's file cannot come: the saved event becomes the file here.
          if (navigator.onLine) return;
          click.preventDefault();
          downloadIcs(
            icsFileName(event.title),
            offlineIcs(event, { url: pageUrl, description: details }),
          );
        }}
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

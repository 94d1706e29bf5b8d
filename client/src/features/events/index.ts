export { UpcomingEvents } from './components/upcoming-events';
export { EventDetails, EventNotFound } from './components/event-details';
export { useEvent, isUuid, eventKeys, checkEvents } from './api/events';
export { text as eventsText } from './text';

// Each event type's colour and icon (issue 40 item 19): what an event card without a featured
// image shows in the picture's place, so that it reads as designed beside cards with pictures.
import {
  Briefcase,
  CalendarDays,
  Drama,
  Flame,
  GraduationCap,
  HeartPulse,
  Trophy,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { EventType } from './event-kinds';

export interface EventTypeStyle {
  /** Tailwind classes of the panel: a gradient in the type's colour, white text. */
  panel: string;
  icon: LucideIcon;
}

// Whole class names (Tailwind finds them in the source), contrast ≥ 4.5:1 with white.
export const EVENT_TYPE_STYLES: Record<EventType, EventTypeStyle> = {
  cultural: { panel: 'from-fuchsia-800 to-rose-700', icon: Drama },
  educational: { panel: 'from-blue-800 to-sky-700', icon: GraduationCap },
  social: { panel: 'from-emerald-800 to-teal-700', icon: Users },
  religious: { panel: 'from-orange-800 to-amber-700', icon: Flame },
  health: { panel: 'from-red-800 to-rose-700', icon: HeartPulse },
  sports: { panel: 'from-green-800 to-lime-700', icon: Trophy },
  business: { panel: 'from-slate-800 to-slate-600', icon: Briefcase },
  other: { panel: 'from-stone-800 to-stone-600', icon: CalendarDays },
};

/** The style of `type` (an unknown type looks like 'other'). */
export const eventTypeStyle = (type: string): EventTypeStyle =>
  EVENT_TYPE_STYLES[type as EventType] ?? EVENT_TYPE_STYLES.other;

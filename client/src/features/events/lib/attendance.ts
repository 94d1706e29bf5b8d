// A registration's attendance (event_registrations.attendance_status, checked by the table).
export const ATTENDANCE_STATUSES = ['registered', 'attended', 'absent', 'cancelled'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

// Why a typed date was refused (issue 40): a day no calendar has (31/02/2006) is said as the
// person typed it; anything else gets the spec's format message (§5).
import { isDateShaped } from './parsers';
import { fieldMessages } from './text';

export const dateMessage = (field: string, typed: string, formatMessage?: string) =>
  isDateShaped(typed)
    ? fieldMessages.dateMissing(field, typed.trim())
    : (formatMessage ?? fieldMessages.dateFormat(field));

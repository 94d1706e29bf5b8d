// One Intl.DateTimeFormat per locale and options, made on first use and kept: making one costs
// a slow phone about a millisecond (its locale's data), and a list formats a date per row.
const made = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = made.get(key);
  if (!format) made.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

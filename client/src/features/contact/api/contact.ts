import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import type { ContactValues } from '@/lib/validation/validators';

export const contactKeys = { all: ['contact'] as const };

/** Writes the message (anyone may insert; only the sender and admins read it back). */
export async function sendContactMessage(v: ContactValues) {
  unwrap(
    await sdk()
      .from('contact_messages')
      .insert({
        first_name: v.firstName,
        last_name: v.lastName || null,
        email: v.email,
        phone: v.phone || null,
        subject: v.subject,
        message: v.message,
      }),
  );
}

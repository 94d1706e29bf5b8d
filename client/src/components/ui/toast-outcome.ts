// What a button's work says when it ends: the success toast (a title, or one made from the
// result) or the error's toast in the spec's words (errorToast). Answers whether the work
// succeeded, so that what follows only then (clearing a form, closing a dialog) can wait on it.
import { errorToast } from '@/lib/errors';
import { toast } from './toast';

export async function toastOutcome<T>(
  work: () => Promise<T>,
  done?: string | ((result: T) => string),
): Promise<boolean> {
  try {
    const result = await work();
    if (done !== undefined) {
      toast({ title: typeof done === 'string' ? done : done(result), variant: 'success' });
    }
    return true;
  } catch (error) {
    toast({ ...errorToast(error), variant: 'destructive' });
    return false;
  }
}

// The words of a refusal on the contacts pages (issue 29): the contact codes have their own, anything
// else the server's message.
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';

const OWN_WORDS = [
  'err-last-contact-of-child',
  'err-contact-archived',
  'err-contact-externally-managed',
] as const;

export function useRefusalText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof ApiError && error.code === 'err-only-contact-of-child') {
      const children = (error.details.children as { forename: string; surname: string }[] | undefined) ?? [];
      return t('err-only-contact-of-child', {
        children: children.map((c) => `${c.forename} ${c.surname}`).join(', '),
      });
    }
    const own = OWN_WORDS.find((code) => error instanceof ApiError && error.code === code);
    if (own) return t(own);
    return t('contact-problem', { message: error instanceof Error ? error.message : String(error) });
  };
}

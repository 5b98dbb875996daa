import { useState, type ReactNode } from 'react';
import { Card } from './PageHeader';

interface CreateWithSecretCardProps<T> {
  title: string;
  /** Above the form (not above the secret): what is being created and what for. */
  intro?: ReactNode;
  /** The create form; it calls `onCreated` with the API's answer. */
  form: (onCreated: (created: T) => void) => ReactNode;
  /** The answer's secret, usually a `OneTimeSecret`; `onDone` brings the form back. */
  secret: (created: T, onDone: () => void) => ReactNode;
}

/**
 * A card that creates something whose secret the API shows once (an API key, an invite link, a
 * webhook's signing secret): the form, then in its place the secret until it is dismissed,
 * then the form again for the next one.
 */
export function CreateWithSecretCard<T>({ title, intro, form, secret }: CreateWithSecretCardProps<T>) {
  const [created, setCreated] = useState<T | null>(null);
  return (
    <Card title={title} intro={created === null ? intro : undefined}>
      {created === null ? form(setCreated) : secret(created, () => setCreated(null))}
    </Card>
  );
}

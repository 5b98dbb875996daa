import { parseLabelArguments } from '@loadline/shared';

/** "commit=ab12cd3 env=staging" as the run's labels, or why not (the same rules as the API's and the CLI's). */
export function parseLabels(text: string): { labels: Record<string, string> } | { error: string } {
  const parsed = parseLabelArguments(text.trim().split(/\s+/).filter(Boolean));
  if (!('error' in parsed)) return parsed;
  return { error: parsed.tooMany ? parsed.error.charAt(0).toUpperCase() + parsed.error.slice(1) : `Label ${parsed.error}` };
}

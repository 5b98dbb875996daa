import { parseLabelArgument, RUN_LABEL_LIMITS } from '@loadline/shared';

/** "commit=ab12cd3 env=staging" as the run's labels, or why not (the same rules as the API's and the CLI's). */
export function parseLabels(text: string): { labels: Record<string, string> } | { error: string } {
  const labels: Record<string, string> = {};
  for (const token of text.trim().split(/\s+/).filter(Boolean)) {
    const parsed = parseLabelArgument(token);
    if ('error' in parsed) return { error: `Label ${parsed.error}` };
    if (parsed.key in labels) return { error: `Label ${parsed.key} is given twice` };
    labels[parsed.key] = parsed.value;
  }
  if (Object.keys(labels).length > RUN_LABEL_LIMITS.labels) return { error: `At most ${RUN_LABEL_LIMITS.labels} labels per run` };
  return { labels };
}

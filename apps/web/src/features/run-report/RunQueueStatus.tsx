import type { RunQueueView } from '@loadline/shared';
import { queueModel } from './run-queue';

/**
 * Where a run that has not begun stands, inside the pending banner: the API's sentence, then
 * the line and the countdown to NOT_ENOUGH_RUNNERS. Not a live region: the countdown ticks
 * every second and would drown the banner's title, which is announced.
 */
export function RunQueueStatus({ queue, now }: { queue: RunQueueView; now: Date }) {
  const model = queueModel(queue, now);
  return (
    <div className="run-queue" data-testid="run-queue" data-state={queue.state}>
      <p className="run-queue__message" data-testid="run-queue-message">
        {model.message}
      </p>
      <dl className="run-queue__facts">
        <div>
          <dt>Runners</dt>
          <dd>
            {queue.runnersNeeded} needed · {queue.runnersFree} free · {queue.runnersOnline} online
          </dd>
        </div>
        {model.ahead ? (
          <div>
            <dt>In line</dt>
            <dd data-testid="run-queue-ahead">{model.ahead}</dd>
          </div>
        ) : null}
        {model.giveUp ? (
          <div>
            <dt>Gives up</dt>
            <dd data-testid="run-queue-countdown">{model.giveUp}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

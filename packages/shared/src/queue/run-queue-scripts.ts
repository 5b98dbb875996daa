/**
 * The Lua scripts behind RunQueue (run-queue.ts). Each is one atomic step in Redis, which is
 * what makes a run's N segments one unit: no runner can be half-reserved, and the start
 * signal is given exactly once, by whichever segment gets ready last.
 *
 * Key and argument order is documented at the top of each script; RunQueue is the only caller.
 */

/**
 * Puts a run in line, unless Redis already has it in line or further on: the same call serves
 * a run's first queueing and its re-queueing from PostgreSQL after Redis lost it (flushed,
 * evicted, restarted without its data), and two API processes re-queueing at once queue once.
 * A run whose hash says waiting but that lost its place or its job (a partial loss) is
 * written afresh. `attempt` starts at ARGV[8], above any attempt a lost reservation handed out,
 * so a runner still holding an assignment of that reservation cannot join the new one.
 * KEYS: run hash, job string, ready set, waiting zset.
 * ARGV: runId, job JSON, ttl seconds, queuedAt ms, segments, tenantId, runSeconds, first attempt, wake channel.
 * Returns 1 if queued, 0 if Redis already had the run.
 */
export const ENQUEUE = `
local state = redis.call('HGET', KEYS[1], 'state')
if state and (state ~= 'waiting' or (redis.call('ZSCORE', KEYS[4], ARGV[1]) and redis.call('EXISTS', KEYS[2]) == 1)) then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
redis.call('DEL', KEYS[3], KEYS[1])
redis.call('HSET', KEYS[1], 'segments', ARGV[5], 'tenantId', ARGV[6], 'runSeconds', ARGV[7], 'state', 'waiting', 'attempt', ARGV[8], 'releases', 0, 'queuedAt', ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('ZADD', KEYS[4], ARGV[4], ARGV[1])
redis.call('PUBLISH', ARGV[9], 'queued')
return 1
`;

/**
 * Reserves N idle runners for a waiting run, or none.
 * KEYS: idle zset, waiting zset, job string, run hash, reserved set.
 * ARGV: runId, now ms, fresh-since ms (older idle entries are dead runners), inbox key prefix.
 * Returns {1, attempt, runner...} | {0, free} (too few idle) | {-1} (not waiting) | {-2} (job gone).
 */
export const RESERVE = `
if not redis.call('ZSCORE', KEYS[2], ARGV[1]) then return {-1} end
local job = redis.call('GET', KEYS[3])
local need = tonumber(redis.call('HGET', KEYS[4], 'segments'))
if not job or not need then
  redis.call('ZREM', KEYS[2], ARGV[1])
  return {-2}
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3])
local idle = redis.call('ZRANGE', KEYS[1], 0, need - 1)
if #idle < need then return {0, #idle} end
local attempt = redis.call('HINCRBY', KEYS[4], 'attempt', 1)
for i, runner in ipairs(idle) do
  redis.call('ZREM', KEYS[1], runner)
  redis.call('RPUSH', ARGV[4] .. runner,
    '{"runId":"' .. ARGV[1] .. '","attempt":' .. attempt .. ',"segmentIndex":' .. (i - 1) .. ',"job":' .. job .. '}')
end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('HSET', KEYS[4], 'state', 'reserved', 'runners', table.concat(idle, ','), 'reservedAt', ARGV[2])
redis.call('SADD', KEYS[5], ARGV[1])
local result = {1, attempt}
for _, runner in ipairs(idle) do table.insert(result, runner) end
return result
`;

/**
 * A reserved runner's k6 is initialised and paused. The last of the N segments to get here
 * starts the run: one PUBLISH reaches every runner of it at once. The message names a moment
 * slightly ahead on Redis's own clock (TIME + lead), so that however late the message reaches
 * each runner, they all resume k6 at that same moment (runners keep their offset to Redis's
 * clock; see clock-offset.ts in the runner).
 * KEYS: run hash, ready set, job string, reserved set.
 * ARGV: attempt, segment index, lead ms, control channel, runId.
 * Returns 'waiting' | 'started' | the state that makes this report stale ('gone' if none).
 */
export const READY = `
local state = redis.call('HGET', KEYS[1], 'state')
if state ~= 'reserved' or redis.call('HGET', KEYS[1], 'attempt') ~= ARGV[1] then return state or 'gone' end
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('EXPIRE', KEYS[2], 86400)
if redis.call('SCARD', KEYS[2]) < tonumber(redis.call('HGET', KEYS[1], 'segments')) then return 'waiting' end
local time = redis.call('TIME')
local startAt = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) + tonumber(ARGV[3])
redis.call('HSET', KEYS[1], 'state', 'started', 'startedAt', startAt)
redis.call('DEL', KEYS[3], KEYS[2])
redis.call('SREM', KEYS[4], ARGV[5])
redis.call('PUBLISH', ARGV[4], '{"type":"start","attempt":' .. ARGV[1] .. ',"at":' .. startAt .. '}')
return 'started'
`;

/**
 * Gives up a reservation that has not started (a reserved runner died, or k6 never got ready)
 * and puts the run back in line at its original place. No load was sent.
 * KEYS: run hash, ready set, waiting zset, reserved set.
 * ARGV: attempt, control channel, runId, inbox key prefix, dead runners (comma-separated).
 * Returns 1 if released, 0 if the reservation had moved on (started, stopped, re-reserved).
 */
export const RELEASE = `
if redis.call('HGET', KEYS[1], 'state') ~= 'reserved' or redis.call('HGET', KEYS[1], 'attempt') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HINCRBY', KEYS[1], 'releases', 1)
redis.call('HSET', KEYS[1], 'state', 'waiting', 'runners', '')
redis.call('ZADD', KEYS[3], redis.call('HGET', KEYS[1], 'queuedAt'), ARGV[3])
redis.call('SREM', KEYS[4], ARGV[3])
for runner in string.gmatch(ARGV[5], '[^,]+') do redis.call('DEL', ARGV[4] .. runner) end
redis.call('PUBLISH', ARGV[2], '{"type":"release","attempt":' .. ARGV[1] .. '}')
return 1
`;

/**
 * Stops a run wherever it is: off the waiting line, reservation given up, or running.
 * KEYS: run hash, waiting zset, job string, ready set, reserved set.
 * ARGV: runId, control channel, reason, seconds to keep the run's state.
 * Returns the state the run was in ('waiting' | 'reserved' | 'started' | 'stopped'), or
 * 'none' when Redis does not know the run (its runners, if any, are told all the same).
 */
export const STOP = `
local state = redis.call('HGET', KEYS[1], 'state')
if not state then
  redis.call('PUBLISH', ARGV[2], '{"type":"stop","reason":"' .. ARGV[3] .. '"}')
  return 'none'
end
if state == 'stopped' then return 'stopped' end
redis.call('HSET', KEYS[1], 'state', 'stopped', 'stopReason', ARGV[3])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[3], KEYS[4])
redis.call('SREM', KEYS[5], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[2], '{"type":"stop","reason":"' .. ARGV[3] .. '"}')
return state
`;

/**
 * A runner is free for work, unless an assignment already waits in its inbox. A runner that
 * just became free wakes the dispatcher.
 * KEYS: idle zset, alive zset, inbox list. ARGV: runner id, now ms, wake channel.
 * Returns 1 if now idle.
 */
export const MARK_IDLE = `
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
if redis.call('LLEN', KEYS[3]) > 0 then return 0 end
if redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1]) == 1 then redis.call('PUBLISH', ARGV[3], 'idle') end
return 1
`;

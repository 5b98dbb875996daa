/**
 * The Lua scripts behind CheckQueue (check-queue.ts): each is one atomic step in Redis, so an
 * organization's limits hold across every API process and the round-robin across every
 * runner. Keys named `<base>…` are built inside the scripts from ARGV (single Redis, not
 * Cluster, like the run queue). CheckQueue is the only caller.
 */

/**
 * Admits a check, or says why not.
 * KEYS: waiting list (q:<org>), running zset (run:<org>), rate zset (rate:<org>), job hash,
 *       ring list, ringed set, wake list.
 * ARGV: org, check id, source, now ms, most in flight, most per minute, job ttl seconds.
 * Returns {1} | {0, 'in_flight', waiting, running} | {0, 'rate', ms until the oldest leaves the minute}.
 * A running check past its deadline (its runner is gone) no longer counts.
 */
export const SUBMIT = `
local now = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local waiting = redis.call('LLEN', KEYS[1])
local running = redis.call('ZCARD', KEYS[2])
if waiting + running >= tonumber(ARGV[5]) then return {0, 'in_flight', waiting, running} end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - 60000)
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[6]) then
  local oldest = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
  return {0, 'rate', tonumber(oldest[2]) + 60000 - now}
end
redis.call('ZADD', KEYS[3], now, ARGV[2])
redis.call('PEXPIRE', KEYS[3], 60000)
redis.call('HSET', KEYS[4], 'org', ARGV[1], 'source', ARGV[3])
redis.call('EXPIRE', KEYS[4], ARGV[7])
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[7])
if redis.call('SADD', KEYS[6], ARGV[1]) == 1 then redis.call('RPUSH', KEYS[5], ARGV[1]) end
redis.call('LPUSH', KEYS[7], '1')
redis.call('LTRIM', KEYS[7], 0, 63)
redis.call('EXPIRE', KEYS[7], 60)
return {1}
`;

/**
 * Takes the next check, organizations served in turn: the ring is walked once from its head;
 * an organization with as many checks running as it may (ARGV[2]) is passed over and keeps its
 * turn for later, one with nothing waiting leaves the ring, and the one served goes to the back
 * of it. A waiting check whose job is gone (its API gave up) is dropped. The job (the script)
 * is deleted once taken: user code stays in Redis only while it waits.
 * KEYS: ring list, ringed set.
 * ARGV: now ms, most running per organization, deadline ms of the taken check, key base.
 * Returns {check id, org, source} or false.
 */
export const TAKE = `
local base = ARGV[4]
local turns = redis.call('LLEN', KEYS[1])
for _ = 1, turns do
  local org = redis.call('LPOP', KEYS[1])
  if not org then return false end
  local q = base .. 'q:' .. org
  local run = base .. 'run:' .. org
  redis.call('ZREMRANGEBYSCORE', run, '-inf', ARGV[1])
  if redis.call('LLEN', q) == 0 then
    redis.call('SREM', KEYS[2], org)
  elseif redis.call('ZCARD', run) >= tonumber(ARGV[2]) then
    redis.call('RPUSH', KEYS[1], org)
  else
    local id = false
    local source = false
    while not source and redis.call('LLEN', q) > 0 do
      id = redis.call('LPOP', q)
      source = redis.call('HGET', base .. 'job:' .. id, 'source')
    end
    if redis.call('LLEN', q) > 0 then redis.call('RPUSH', KEYS[1], org) else redis.call('SREM', KEYS[2], org) end
    if source then
      redis.call('DEL', base .. 'job:' .. id)
      redis.call('ZADD', run, ARGV[3], id)
      redis.call('PEXPIREAT', run, ARGV[3])
      return {id, org, source}
    end
  end
end
return false
`;

/**
 * A check is answered: it stops counting as running, its result is kept for the API for
 * ARGV[3] seconds and announced, and a waiting runner is woken (the organization may have
 * another check waiting that can run now).
 * KEYS: running zset, result string, wake list.
 * ARGV: check id, result JSON, result ttl seconds, done channel.
 */
export const FINISH = `
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
redis.call('PUBLISH', ARGV[4], ARGV[1])
redis.call('LPUSH', KEYS[3], '1')
redis.call('LTRIM', KEYS[3], 0, 63)
redis.call('EXPIRE', KEYS[3], 60)
return 1
`;

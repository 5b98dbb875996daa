import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planSpecSchema, type HttpStep } from '../plan.js';
import { ImportError } from './common.js';
import { importCurl } from './curl.js';
import { splitCommands } from './curl-words.js';

const chrome = readFileSync(new URL('./fixtures/chrome-copy-all.sh', import.meta.url), 'utf8');

const only = (text: string) => importCurl(text).spec.scenarios[0]!.requests[0] as HttpStep;

function problem(text: string): string {
  try {
    importCurl(text);
    return 'no error';
  } catch (error) {
    expect(error).toBeInstanceOf(ImportError);
    return (error as Error).message;
  }
}

describe('splitCommands', () => {
  it('splits like a shell: continuations, quotes, $-quotes, escapes, separators, comments, pipes', () => {
    const commands = splitCommands(
      [
        '# fetch things',
        "curl 'https://a.test/x' \\",
        '  -H "X-A: \\"q\\" \\$HOME" -d $\'line\\none\\\'s\' ;',
        'curl https://a.test/y\\ z | jq . && curl "https://a.test/multi',
        'line" # trailing comment',
      ].join('\n'),
    );
    expect(commands.map((command) => [command.line, command.words.map((word) => word.text)])).toEqual([
      [2, ['curl', 'https://a.test/x', '-H', 'X-A: "q" $HOME', '-d', "line\none's"]],
      [4, ['curl', 'https://a.test/y z']],
      [4, ['curl', 'https://a.test/multi\nline']],
    ]);
    const piped = splitCommands('curl a || echo "failed; really" ; curl b');
    expect(piped.map((command) => command.words.map((word) => word.text))).toEqual([
      ['curl', 'a'],
      ['curl', 'b'],
    ]);
  });
});

describe('importCurl', () => {
  it('reads Chrome\'s "Copy all as cURL": a sequence in order, bodies typed, noise and credentials dropped', () => {
    const result = importCurl(chrome);
    expect(planSpecSchema.safeParse(result.spec).success).toBe(true);
    expect(result.suggestedBaseUrl).toBe('https://shop.example.com');
    expect(result.name).toBe('curl requests to shop.example.com');
    expect(result.spec.scenarios[0]!.flow).toBe('sequence');
    const requests = result.spec.scenarios[0]!.requests as HttpStep[];
    expect(requests.map((request) => [request.name, request.method, request.path])).toEqual([
      ['GET api.products', 'GET', '/api/products'],
      ['POST api.cart.items', 'POST', '/api/cart/items'],
      ['PUT api.cart.items.42.note', 'PUT', '/api/cart/items/42/note'],
      ['POST checkout', 'POST', '/checkout'],
    ]);
    expect(requests[0]).toMatchObject({ query: { category: 'shoes', page: '1' }, headers: { accept: 'application/json' } });
    expect(requests[1]).toMatchObject({
      headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: { type: 'json', json: { productId: 42, quantity: 1 } },
    });
    expect(requests[2]!.body).toEqual({ type: 'json', json: { note: "it's a gift\nplease wrap it" } });
    expect(requests[3]!.body).toEqual({ type: 'form', fields: { email: 'ann@example.com', shipping: 'standard', accept_terms: 'on' } });
    expect(result.warnings[0]).toBe(
      'Dropped credentials (cookie (-b), x-csrf-token): set them on the target as headers, or as target variables used as {{vars.NAME}}.',
    );
    expect(result.warnings[1]).toMatch(/^Dropped browser headers \(.*sec-fetch-site.*user-agent\)\.$/);
  });

  it('infers the method as curl does', () => {
    expect(only('curl https://a.test/x').method).toBe('GET');
    expect(only('curl -d a=1 https://a.test/x').method).toBe('POST');
    expect(only('curl -X delete https://a.test/x').method).toBe('DELETE');
    expect(only('curl -XPATCH -d a=1 https://a.test/x').method).toBe('PATCH');
    expect(only('curl -I https://a.test/x').method).toBe('HEAD');
    expect(only('curl --head https://a.test/x').method).toBe('HEAD');
    expect(only('curl -F a=1 https://a.test/x').method).toBe('POST');
    expect(only('curl -T file.bin https://a.test/x').method).toBe('PUT');
    expect(only('curl -G -d q=shoes -d page=2 https://a.test/search')).toMatchObject({ method: 'GET', query: { q: 'shoes', page: '2' } });
    expect(only('curl -sSL --compressed -o /dev/null -w "%{http_code}" --max-time 5 --url https://a.test/x')).toMatchObject({ method: 'GET', path: '/x' });
  });

  it('reads data options: joined with &, urlencoded, JSON, forms', () => {
    expect(only('curl -d a=1 --data b=2 https://a.test/x').body).toEqual({ type: 'form', fields: { a: '1', b: '2' } });
    expect(only("curl --data-urlencode 'q=a b&c' --data-urlencode 'plain text' https://a.test/x").body).toEqual({
      type: 'text',
      text: 'q=a%20b%26c&plain%20text',
      contentType: 'application/x-www-form-urlencoded',
    });
    // Raw JSON sent with -d and no content type is what curl sends: a urlencoded-typed text.
    expect(only(`curl -d '{"a":1}' https://a.test/x`).body).toEqual({ type: 'text', text: '{"a":1}', contentType: 'application/x-www-form-urlencoded' });
    expect(only(`curl -H 'Content-Type: application/json' -d '{"a":1}' https://a.test/x`)).toMatchObject({
      body: { type: 'json', json: { a: 1 } },
      headers: {},
    });
    expect(only(`curl --json '{"a":1}' https://a.test/x`)).toMatchObject({
      method: 'POST',
      body: { type: 'json', json: { a: 1 } },
      headers: { Accept: 'application/json' },
    });
    expect(only(`curl -H 'Content-Type: text/csv' --data-binary 'a,b' https://a.test/x`).body).toEqual({ type: 'text', text: 'a,b', contentType: 'text/csv' });
    const form = importCurl("curl -F 'name=Rex' -F 'photo=@dog.jpg' -F 'kind=dog;type=text/plain' https://a.test/pets");
    expect(form.spec.scenarios[0]!.requests[0]).toMatchObject({ body: { type: 'form', fields: { name: 'Rex', kind: 'dog' } } });
    expect(form.warnings).toEqual(
      expect.arrayContaining(['line 1: -F photo: file uploads are left out.', 'line 1: its -F form is sent urlencoded, not as multipart/form-data.']),
    );
    expect(importCurl('curl -d @body.json https://a.test/x').warnings).toContain('line 1: -d reads a file, which an import cannot: add that body by hand.');
  });

  it('leaves credentials for the target and keeps an explicit user agent', () => {
    const result = importCurl("curl -u admin:secret -A 'loadline-probe/1' -H 'Authorization: Bearer $TOKEN' https://user:pw@a.test/x");
    expect(result.spec.scenarios[0]!.requests[0]).toMatchObject({ headers: { 'User-Agent': 'loadline-probe/1' } });
    expect(result.warnings[0]).toBe(
      'Dropped credentials (authorization, user:password (-u), user:password in the url): set them on the target as headers, or as target variables used as {{vars.NAME}}.',
    );
    expect(JSON.stringify(result.spec)).not.toMatch(/secret|pw@|TOKEN/);
  });

  it('keeps the most common origin, names requests uniquely, and tolerates prompts and schemeless URLs', () => {
    const result = importCurl(
      ['$ curl api.test/items', 'curl http://api.test/items', 'curl https://other.test/x', 'curl http://api.test/items/1 http://api.test/items/2'].join('\n'),
    );
    expect(result.suggestedBaseUrl).toBe('http://api.test');
    expect(result.spec.scenarios[0]!.requests.map((request) => request.name)).toEqual(['GET items', 'GET items 2', 'GET items.1', 'GET items.2']);
    expect(result.warnings).toContain("Left out 1 request to https://other.test (the plan's target is http://api.test).");
  });

  it('names the line of what it cannot read', () => {
    expect(problem("curl https://a.test/x \\\n  -H 'accept: */*\n")).toBe('curl: line 2: unterminated quote');
    expect(problem('curl https://a.test/x\nwget https://a.test/y')).toBe('curl: line 2: expected a curl command, found "wget"');
    expect(problem('curl -H "A: b"')).toBe('curl: line 1: the command has no URL');
    expect(problem('curl https://a.test/x -H')).toBe('curl: line 1: -H needs a value');
    expect(problem('curl "http://[::1"')).toBe('curl: line 1: "http://[::1" is not a URL');
    expect(problem('curl ^"https://a.test/^" ^\n  -H ^"accept: */*^"')).toBe('curl: line 1: this is Windows cmd quoting (^); copy as cURL (bash) instead');
    expect(problem('# nothing here\n')).toBe('curl: the document has no curl command');
  });
});

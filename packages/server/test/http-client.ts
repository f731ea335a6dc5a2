/** A tiny browser stand-in for HTTP tests: a cookie jar and manual redirects over plain fetch. */

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let httpOnly = false;
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=');
        const lower = key.toLowerCase();
        if (lower === 'path') path = val || '/';
        if (lower === 'httponly') httpOnly = true;
        if (lower === 'max-age' && Number(val) <= 0) expired = true;
        if (lower === 'expires' && new Date(val).getTime() < Date.now()) expired = true;
      }
      const key = `${name};${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path, httpOnly });
    }
  }

  headerFor(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.values()]
      .filter(
        (c) =>
          pathname === c.path ||
          pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) ||
          c.path === '/',
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  get(name: string): StoredCookie | undefined {
    return [...this.cookies.values()].find((c) => c.name === name);
  }

  delete(name: string): void {
    for (const [key, cookie] of this.cookies) if (cookie.name === name) this.cookies.delete(key);
  }
}

export class HttpClient {
  readonly jar = new CookieJar();

  constructor(readonly origin: string) {}

  /** One request, no redirect following; cookies sent and stored like a browser would. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const absolute = new URL(url, this.origin).toString();
    const headers = new Headers(init.headers);
    const cookie = this.jar.headerFor(absolute);
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
    const response = await fetch(absolute, { ...init, headers, redirect: 'manual' });
    this.jar.store(response);
    return response;
  }

  postForm(url: string, fields: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows redirects (GET) while `keepGoing` says so; returns the last response and its URL. */
  async follow(
    response: Response,
    url: string,
    keepGoing: (location: URL) => boolean = () => true,
  ): Promise<{ response: Response; url: string; visited: string[] }> {
    const visited: string[] = [];
    let current = response;
    let currentUrl = new URL(url, this.origin).toString();
    for (let hops = 0; hops < 20; hops++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) break;
      const next = new URL(location, currentUrl);
      visited.push(next.toString());
      if (!keepGoing(next)) break;
      await current.arrayBuffer();
      currentUrl = next.toString();
      current = await this.request(currentUrl);
    }
    return { response: current, url: currentUrl, visited };
  }
}

/** The first form's action and hidden fields of an HTML page. */
export function parseForm(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`No form in page:\n${html.slice(0, 500)}`);
  const fields: Record<string, string> = {};
  for (const input of (form[2] ?? '').matchAll(/<input([^>]*)>/gi)) {
    const attrs = input[1] ?? '';
    const name = /name="([^"]*)"/.exec(attrs)?.[1];
    const type = /type="([^"]*)"/.exec(attrs)?.[1];
    if (name && type === 'hidden') fields[name] = /value="([^"]*)"/.exec(attrs)?.[1] ?? '';
  }
  return { action: (form[1] ?? '').replace(/&amp;/g, '&'), fields };
}

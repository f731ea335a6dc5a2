// Server-rendered pages of the built-in provider: self-contained HTML, no external assets.

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    background:#f4f6f8;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933}
  main{width:100%;max-width:360px;background:#fff;padding:32px;border-radius:8px;
    box-shadow:0 2px 8px rgba(0,0,0,.12)}
  h1{margin:0 0 8px;font-size:1.5rem;text-align:center}
  h2{margin:0 0 24px;font-size:1rem;font-weight:400;text-align:center;color:#52606d}
  label{display:block;margin:16px 0 4px;font-weight:600;font-size:.9rem}
  input{width:100%;padding:10px;border:1px solid #cbd2d9;border-radius:4px;font-size:1rem}
  input:focus{outline:2px solid #1976d2;border-color:#1976d2}
  button{width:100%;margin-top:24px;padding:10px;border:0;border-radius:4px;background:#1976d2;
    color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
  button:hover{background:#1565c0}
  .error{margin:16px 0 0;padding:10px;border-radius:4px;background:#fdecea;color:#b71c1c}
  p{line-height:1.5} a{color:#1976d2}
`;

export function renderPage(subtitle: string, content: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Asset Portal</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${STYLE}</style>
${head}
</head>
<body>
<main>
<h1>Asset Portal</h1>
<h2>${escapeHtml(subtitle)}</h2>
${content}
</main>
</body>
</html>`;
}

const errorBlock = (error: string | undefined) =>
  error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';

export function loginPage(options: { action: string; username?: string; error?: string }): string {
  return renderPage(
    'Sign in',
    `${errorBlock(options.error)}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" required autofocus
  value="${escapeHtml(options.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function setPasswordPage(options: { action: string; username: string; error?: string }) {
  return renderPage(
    'Set your password',
    `<p>Choose a password for <strong>${escapeHtml(options.username)}</strong>.</p>
${errorBlock(options.error)}
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="username" autocomplete="username" value="${escapeHtml(options.username)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="10">
<label for="confirm">Confirm password</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="10">
<button type="submit">Set password</button>
</form>`,
  );
}

export function messagePage(
  subtitle: string,
  message: string,
  link?: { href: string; text: string },
) {
  const linkHtml = link
    ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`
    : '';
  return renderPage(subtitle, `<p>${escapeHtml(message)}</p>${linkHtml}`);
}

/**
 * The provider's sign-out step: its form (with the anti-forgery field) is submitted by a small
 * nonce-allowed script, so the user is not asked to confirm; the button is the no-script fallback.
 */
export function logoutPage(form: string, nonce: string): string {
  const autoSubmit = form.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"></form>',
  );
  return renderPage(
    'Signing out…',
    `${autoSubmit}
<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>
<script nonce="${nonce}">document.getElementById('op.logoutForm').submit();</script>`,
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'">`,
  );
}

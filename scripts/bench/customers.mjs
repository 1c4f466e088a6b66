/**
 * Signs up `count` customers through the app, as the web client does (sign-up, then the token
 * exchange of PUT /api/user/{email}); returns each one's API token with its row (id, name, email).
 * @param {string} base the app's address
 * @param {import('pg').Pool} pool the app's database
 * @param {number} count
 * @param {string} prefix the start of each email address
 */
export async function signUpCustomers(base, pool, count, prefix = 'bench') {
  const customers = [];
  for (let i = 0; i < count; i += 1) {
    const email = `${prefix}${Date.now().toString(36)}${i}@example.com`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ name: `Bench Customer ${i}`, email, password: 'Bench#Secret123' }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const identity = (await signUp.json()).token;
    const exchange = await fetch(`${base}/api/user/${encodeURIComponent(email)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${identity}`, origin: base },
    });
    if (!exchange.ok) throw new Error(`token exchange failed: ${exchange.status}`);
    const { rows: found } = await pool.query(
      'SELECT id, name, email FROM "user" WHERE email = $1',
      [email],
    );
    customers.push({ token: (await exchange.json()).token, ...found[0] });
  }
  return customers;
}

import { writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';

/**
 * The operators' command line: a thin client of the admin API of a running Verigate, so every
 * rule and the audit trail apply exactly as they do over HTTP.
 *   ADMIN_URL (default http://localhost:8080), ADMIN_TOKEN (required), ADMIN_OPERATOR (default: login name)
 */
const USAGE = `Usage: npm run admin -- <command> [arguments]

  orgs                                         organisations with their status and users
  product-requests                             pending product subscription requests
  approve-product <organisationId> <arn>       approve a pending product request
  reject-product <organisationId> <arn>        reject a pending product request
  activation-requests                          organisations waiting for activation, with KYC documents
  download-document <documentId> <file.pdf>    save a KYC document
  activate <organisationId>                    activate an account (ACTIVATION_REQUESTED → ACCOUNT_ACTIVATED)
  assign-manager <organisationId> kam|business_manager <name> <email> <phone>
  deactivate-user <email>                      sign a user out everywhere and refuse further logins
  reactivate-user <email>
  plans                                        reference and custom plans
  create-custom-plan <organisationId> <name> <PREPAID|POSTPAID> <amountRupees> <validityMonths> [--base <PLAN_CODE>] [--price <arn>=<rupees> ...]
                                               a plan for one organisation; prices start from the base plan (LITE, or POSTPAID)
  record-transfer <organisationId> <amountRupees> <utr>
                                               a NEFT/IMPS transfer received on the organisation's virtual account: pays its requested plan (the amount is the plan's plus GST)
  expire-plans                                 end plans past their end date now (the scheduled job does it every minute)
  rate-limit <organisationId> <callsPerSecond|plan>
                                               provider-API calls per second for each app of the organisation; 'plan': its plan's default again
  requests                                     open custom-plan and add-balance requests
  audit [organisationId]                       the latest recorded actions`;

const baseUrl = (process.env.ADMIN_URL ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/$/, '');
const token = process.env.ADMIN_TOKEN;
const operator = process.env.ADMIN_OPERATOR ?? userInfo().username;

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${baseUrl}/api/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-operator': operator, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    const failure = (await response.json().catch(() => null)) as { err?: { message?: string } } | null;
    throw new Error(`${response.status}: ${failure?.err?.message ?? response.statusText}`);
  }
  return response;
}

const data = async (method: string, path: string, body?: unknown) => ((await (await call(method, path, body)).json()) as { data: unknown }).data;
const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));

function need(args: string[], count: number): string[] {
  if (args.length < count) throw new Error(USAGE);
  return args;
}

async function main(command: string | undefined, args: string[]) {
  switch (command) {
    case 'orgs':
      return print(await data('GET', '/organisations'));
    case 'product-requests':
      return print(await data('GET', '/product-requests'));
    case 'approve-product': {
      const [organisationId, arn] = need(args, 2);
      return print(await data('POST', '/product-requests/approve', { organisationId, arn }));
    }
    case 'reject-product': {
      const [organisationId, arn] = need(args, 2);
      return print(await data('POST', '/product-requests/reject', { organisationId, arn }));
    }
    case 'activation-requests':
      return print(await data('GET', '/activation-requests'));
    case 'download-document': {
      const [documentId, file] = need(args, 2);
      const response = await call('GET', `/documents/${documentId}`);
      await writeFile(file!, Buffer.from(await response.arrayBuffer()));
      return console.log(`saved ${file}`);
    }
    case 'activate':
      return print(await data('POST', `/organisations/${need(args, 1)[0]}/activate`));
    case 'assign-manager': {
      const [organisationId, role, name, email, phone] = need(args, 5);
      return print(await data('PUT', `/organisations/${organisationId}/managers`, { role, name, email, phone }));
    }
    case 'deactivate-user':
      return print(await data('POST', '/users/deactivate', { email: need(args, 1)[0] }));
    case 'reactivate-user':
      return print(await data('POST', '/users/reactivate', { email: need(args, 1)[0] }));
    case 'plans':
      return print(await data('GET', '/plans'));
    case 'create-custom-plan': {
      const [organisationId, name, planType, amount, validity, ...options] = need(args, 5);
      const prices: Record<string, number> = {};
      let basePlan: string | undefined;
      for (let index = 0; index < options.length; index += 2) {
        const [flag, value] = [options[index], options[index + 1] ?? ''];
        if (flag === '--base') basePlan = value;
        else if (flag === '--price' && /^[a-z0-9_]+=\d+(\.\d{1,2})?$/.test(value)) prices[value.split('=')[0]!] = Number(value.split('=')[1]);
        else throw new Error(USAGE);
      }
      return print(
        await data('POST', `/organisations/${organisationId}/custom-plans`, {
          name,
          plan_type: planType,
          amount: Number(amount),
          validity_months: Number(validity),
          ...(basePlan ? { base_plan: basePlan } : {}),
          ...(Object.keys(prices).length ? { prices } : {}),
        }),
      );
    }
    case 'record-transfer': {
      const [organisationId, amount, utr] = need(args, 3);
      return print(await data('POST', `/organisations/${organisationId}/transfers`, { amount: Number(amount), utr }));
    }
    case 'rate-limit': {
      const [organisationId, value] = need(args, 2);
      if (value !== 'plan' && !/^\d+$/.test(value!)) throw new Error(USAGE);
      return print(await data('PUT', `/organisations/${organisationId}/rate-limit`, { calls_per_second: value === 'plan' ? null : Number(value) }));
    }
    case 'expire-plans':
      return print(await data('POST', '/plans/expire'));
    case 'requests':
      return print(await data('GET', '/requests'));
    case 'audit':
      return print(await data('GET', args[0] ? `/audit?organisationId=${args[0]}` : '/audit'));
    default:
      console.log(USAGE);
      if (command && command !== 'help') process.exitCode = 2;
  }
}

const [command, ...args] = process.argv.slice(2);
if (command && command !== 'help' && !token) {
  console.error('Set ADMIN_TOKEN (the server must run with the same ADMIN_TOKEN).');
  process.exit(2);
}
main(command, args).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

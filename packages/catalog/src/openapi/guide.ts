import { WEBHOOK_EVENT_DOCS, WEBHOOK_EVENT_TYPES, WEBHOOK_RETENTION_DAYS } from '@verigate/contracts';
import { productByArn } from '../index.js';
import { ENVELOPE_FIELDS } from '../requests/envelope.js';
import { exampleRequest } from '../requests/examples.js';
import { BANK_REASON_CODES, BANK_REASON_NAMES, SANDBOX_CODES, selectorFor } from '../requests/magic.js';
import { REFUSALS_IN_ORDER, TASK_ID_MESSAGE } from '../requests/refusals.js';
import { isBillable, RESPONSE_CODES, type ResponseCode } from '../requests/response-codes.js';
import { SANDBOX_OTP } from '../sandbox/index.js';
import { curlSample } from './samples.js';

/**
 * The introduction of the API reference (OpenAPI `info.description`; Redoc lists its headings in
 * the menu): how to get access, the base URLs and headers, and the error tables — every table
 * generated from the definitions the gateway answers with.
 */
const table = (header: readonly string[], rows: readonly (readonly (string | number)[])[]): string =>
  [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

/** Seed 001 §8's status code table, in its order (99 last). */
const CODES = [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 99] as const satisfies readonly ResponseCode[];

const authenticationErrorsTable = (): string =>
  table(
    ['HTTP', 'response_message', 'when'],
    REFUSALS_IN_ORDER.map((refusal) => [refusal.httpStatus, refusal.message, refusal.when]),
  );

const statusCodesTable = (): string =>
  table(
    ['response_code', 'HTTP', 'response_message', 'billable'],
    CODES.map((code) => [code, RESPONSE_CODES[code].httpStatus, RESPONSE_CODES[code].message, isBillable(code) ? 'Y' : 'N']),
  );

const bankReasonsTable = (): string =>
  table(
    ['reason_code', 'meaning', 'response_code'],
    BANK_REASON_NAMES.map((reason) => [reason, BANK_REASON_CODES[reason].meaning, BANK_REASON_CODES[reason].responseCode]),
  );

const webhookEventsTable = (): string =>
  table(
    ['type', 'raised when', '`data` fields'],
    WEBHOOK_EVENT_TYPES.map((type) => [
      `\`${type}\``,
      WEBHOOK_EVENT_DOCS[type].when,
      WEBHOOK_EVENT_DOCS[type].data.map((field) => `\`${field}\``).join(', ') || '—',
    ]),
  );

const responseFieldsTable = (): string =>
  table(
    ['field', 'meaning'],
    Object.entries(ENVELOPE_FIELDS).map(([field, meaning]) => [`\`${field}\``, meaning]),
  );

const magicCodesTable = (): string =>
  table(
    ['selector', 'answers'],
    SANDBOX_CODES.map((code) => [`\`${selectorFor(code)}\``, `${code} ${RESPONSE_CODES[code].message}`]),
  );

export function guide(baseUrl: string): string {
  const example = curlSample({
    environment: 'test',
    url: `${baseUrl}/test/api/v1/in/identity/pan/lite`,
    body: exampleRequest(productByArn('in_identity_pan_lite')!),
  });
  return `
# Introduction

The Verigate provider API verifies identities, businesses, bank accounts, vehicles, contacts and
documents for your onboarding and compliance checks. Each product is one \`POST\` endpoint taking a
JSON body and answering a JSON envelope. This reference is generated from the same product
definitions the API validates requests with, so every example below is a request the API accepts:
in the test environment each one answers \`100 Valid Authentication\`.

A product is known by its arn, \`region_category_service_type\` (\`in_identity_pan_lite\`), and
its path is the arn split on \`_\`: \`/in/identity/pan/lite\`.

# Product subscription

Subscribe to products on **Products** in the portal. A product with automatic approval is
subscribed at once and comes with free test credits; any other shows **Approval Pending** until
our team approves it, then becomes subscribed. The card of a subscribed product links to its
section of this reference.

An app calls only the products added to it: open the app in **Apps**, choose the products under
**Manage Services** and confirm with your ZPIN or an OTP. A call to a product the app does not have
answers \`403 product not subscribed by app\`.

# App key management

Every app has an **App ID** and API keys, on the app's page in **Apps**.

- **Add Key** creates a key and shows it once: store it safely, it cannot be retrieved later
  (only its first characters are shown afterwards). Test keys start with \`vgk_test_\`, live keys
  with \`vgk_live_\`.
- To enable a key, toggle its status to **Enable**, enter the OTP sent to the admin email of your
  organisation (or your ZPIN), then **Verify**. Disabling works the same way; a disabled key
  answers \`401 api key is invalid or disabled\`. A key must be disabled before it is deleted.
- **App Settings** hold the app's IP whitelist: with one, calls from any other address answer
  \`403 ip not whitelisted\`. The default allows every address.

# Base URLs

| environment | base URL | app and key | answers |
| --- | --- | --- | --- |
| test | \`${baseUrl}/test/api/v1\` | a test app and a \`vgk_test_\` key | the sandbox: deterministic answers, one test credit per call |
| live | \`${baseUrl}/live/api/v1\` | a live app and a \`vgk_live_\` key | the verification source, billed at your plan's unit price |

A key of one environment is refused on the other (\`401 api key is invalid or disabled\`).

# Authentication headers

| header | value |
| --- | --- |
| \`app-id\` | the App ID of the calling app |
| \`api-key\` | an enabled key of that app, of the same environment as the URL |
| \`content-type\` | \`application/json\` |

\`\`\`shell
${example}
\`\`\`

# Key lifecycle

A key may be given an expiry date when it is created; the organisation's owners get a reminder
email 7 days and 1 day before it. Rolling a key (the app's page in Apps, confirmed with your ZPIN
or an OTP) shows a new key once and keeps the old one working for the overlap you choose: none,
1 hour, 24 hours or 7 days; the new key may be given an expiry date of its own. From its expiry,
or the end of the overlap, a key is refused like a disabled one: \`401 api key is invalid or disabled\`. Each key's page row shows when it was last
used and from which client address.

# Requests

Every body has \`mode: "sync"\` and \`data\`, the product's fields with the customer's consent:
\`consent: "Y"\` and the \`consent_text\` they agreed to (anything else answers 104). Optionally
send your own \`task_id\`, a UUIDv4: the same task_id again within 15 minutes answers
\`107 Duplicate Transaction\`, and one that is not a UUIDv4 answers 106 '${TASK_ID_MESSAGE}'.

Multi-step products (OTP verification, hosted pages such as liveness or DigiLocker, eSign) take
an \`action\` in every call, the first step's too; their request schema is one variant per step,
chosen by \`action\`. The first step answers a \`request_id\` that the next step sends in
\`data.request_id\`.

Each operation's request schema is the rule the API applies, and a body that breaks it is refused
and never billed. Values are taken as sent: each has the JSON type its schema gives (\`null\` is
not an absent value, and a number is not a string), identifiers are written as their pattern
says (upper case, no spaces), and a blank string is a missing value for a required field. A
property the schema does not name is ignored (\`action\` on a single-step product is refused).
A body sent as anything but \`application/json\` answers 415.

Checks run in this order and the first that fails answers: the body size, \`app-id\`, the IP
whitelist, \`api-key\`, the app's rate limit, the product and the app's subscription to it, the content type, the body and its \`action\`,
the organisation, \`task_id\`, a multi-step product's missing \`action\` (106), consent (104), then the product's fields in order (106, naming
the first broken rule in \`result.errors\`).

# Rate limits

Each app may make a number of calls per second, set by the organisation's plan (or by the
provider for the organisation). A call counts once its app, address and key are accepted; calls
over the limit answer 429 \`rate limit exceeded\`, are never charged and spend no test credit.
Every answer to a call naming an existing app carries the IETF fields
(draft-ietf-httpapi-ratelimit-headers):

\`\`\`
RateLimit-Policy: "app";q=20;w=1
RateLimit: "app";r=12;t=1
\`\`\`

\`q\` calls per window of \`w\` seconds, \`r\` calls left in the current window for \`t\` more
seconds; a 429 adds \`Retry-After\` in seconds. Windows are counted across all of the provider's
servers. Batches are paced by their own calls per minute and never refused by the limit; Trial
Center calls count against the test app's.

# API Logs

Every call (test, live, Trial Center and batch rows) is kept with its request and its answer,
**masked before it is stored** by the kind of each field: Aadhaar numbers keep their last 4
digits; PAN, driving licence, voter id, passport, GSTIN, CIN, UAN and similar their first 2 and
last 2; account numbers, UPI ids and phone numbers their last 4; emails their first letter and
domain; names and addresses their initials; dates of birth their year; OTPs and files are never
kept (a file only as its type and size). Beside them: the app, the key's name and prefix (never the
key), the client address, the environment, the response code, billability, the amount charged and
the timings. Calls are kept for the organisation's retention setting (30, 90, 180 or 365 days;
90 by default) and never shown past it.

The portal shows them in **API Logs**; members of the organisation read them over HTTP too, with
the bearer token of their portal session (not an app key):

| call | answers |
| --- | --- |
| \`GET ${baseUrl}/api/logs\` | 50 calls a page, newest first, and \`next_cursor\` for the next page (send it as \`cursor\`) |
| \`GET ${baseUrl}/api/logs/{request_id}\` | one call with its masked \`request\` and \`response\`; 404 for an id that is not the organisation's |

Filters of \`GET /api/logs\`, all optional: \`search\` (a request, task or group id — a batch's
id finds its rows), \`product_arn\`, \`app_id\`, \`key_name\`, \`env\` (\`TEST\` or
\`PRODUCTION\`), \`response_code\` (or \`none\`), \`billable\`, \`client_ip\`, and
\`start_date\` / \`end_date\` (\`YYYY-MM-DD\`, at most 60 days, required without \`search\`)
read in the time zone \`tz\` (an IANA name, \`Asia/Kolkata\` by default).

# Response fields

Every answer, refused or not, is this envelope:

${responseFieldsTable()}

Each product's \`result\` fields are described with its operation below.

# Error tables

## Authentication errors

These refusals carry \`response_code: null\` and \`metadata.billable: "N"\`:

${authenticationErrorsTable()}

## Status codes

${statusCodesTable()}

\`112\`, \`113\` and \`114\` refuse a live call before it is forwarded, and it is not charged:
\`112\` the prepaid balance is below the product's price, \`113\` it is enough only without the
calls still in flight, \`114\` the call would take the day's spend (India time) past the daily
spend cap set on the Billing page; the cap counts again from zero at midnight.

## Bank reason codes

Bank Account Lite and Bank Account Advance also answer a \`reason_code\` and \`reason_message\`
in \`result\`:

${bankReasonsTable()}

# Test environment

The test environment answers every product from a sandbox, without reaching any source. The same
input always gives the same answer, and **magic inputs** produce every status code: each call
reads four characters of one field (its *selector*, named with each operation below); files carry
it as the text \`sandbox:0NNN\` appended to them.

${magicCodesTable()}

Any other selector answers 100 with a record derived from the input. OTP steps accept
\`${SANDBOX_OTP}\` as the right OTP. Hosted pages (liveness, DigiLocker, SDKs, eSign) open on this
server, where you pass or fail the check; until then \`fetch\` answers \`status: "PENDING"\`. Bank
products answer the reason code asked for by characters 6–8 of the IFSC (\`HDFC0DLC123\` → DLC).

# Webhooks

Instead of polling, register up to 10 HTTPS endpoints in the portal (Webhooks; owners and admins)
and choose the events each receives. Each event is recorded in the same transaction as the change
it reports and POSTed as JSON:

\`\`\`json
{ "type": "key.created", "timestamp": "2026-11-26T09:15:02.123Z", "data": { "app_id": "…", "key_name": "Production" } }
\`\`\`

${webhookEventsTable()}

Amounts are in paise and times in ISO 8601 UTC. The portal's "Send test event" sends \`webhook.test\`.
Events carry ids, never personal data: \`verification.completed\` tells that the hosted page of
\`request_id\` was completed, with \`outcome\` \`passed\` or \`failed\`; the flow's \`fetch\` step
with that \`request_id\` answers the result. Live calls raise it once the verification source
reports the completion (\`env: "live"\`, \`request_id\` and \`task_id\` of the call that started the
flow); test calls raise it when the sandbox's hosted page is completed (\`env: "test"\`; for eSign,
\`request_id\` is the signer's own).

## Signature

Deliveries follow the [Standard Webhooks](https://www.standardwebhooks.com) specification. Each
carries \`webhook-id\` (the event id, \`msg_…\`, the same on every retry: deduplicate on it),
\`webhook-timestamp\` (Unix seconds) and \`webhook-signature\`: \`v1,\` and the base64 HMAC-SHA256,
keyed by the endpoint's secret (\`whsec_…\`, base64 after the prefix, shown once), of
\`{webhook-id}.{webhook-timestamp}.{raw body}\`. During a secret rotation's overlap (up to 24 hours)
the header carries two signatures separated by a space; either one verifies. Verify the raw body
before parsing it, and refuse timestamps more than 5 minutes away from your clock.

Node.js (\`npm install standardwebhooks\`):

\`\`\`js
import express from 'express';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.VERIGATE_WEBHOOK_SECRET);
const app = express();
app.post('/verigate', express.raw({ type: 'application/json' }), (req, res) => {
  try {
    const event = webhook.verify(req.body.toString('utf8'), req.headers);
    // handle event.type and event.data once per webhook-id
    res.sendStatus(204);
  } catch {
    res.sendStatus(400);
  }
});
\`\`\`

Python (\`pip install standardwebhooks\`):

\`\`\`python
import os

from standardwebhooks.webhooks import Webhook

webhook = Webhook(os.environ["VERIGATE_WEBHOOK_SECRET"])

def receive(raw_body: bytes, headers: dict) -> dict:
    return webhook.verify(raw_body, headers)  # raises on a bad signature or timestamp
\`\`\`

## Delivery and retries

An answer with a 2xx status within 10 seconds counts as delivered; anything else (another status,
a redirect, which is never followed, a timeout, a refused connection) is a failed attempt. Only the
first 1 KB of an answer is read. Failed deliveries are retried after about 5 seconds, 5 minutes,
30 minutes, 2, 5, 10 and 10 hours, then every 10 hours until 3 days after the first attempt (each
delay ±20 %). An endpoint whose deliveries have all failed for 3 days is disabled and the
organisation's owners are emailed. Every attempt is in the portal's delivery log, from where an
event can be sent again, or every event of a time range replayed to an endpoint. The log keeps a
delivery for ${WEBHOOK_RETENTION_DAYS} days after its last attempt; events older than ${WEBHOOK_RETENTION_DAYS} days are no
longer sent again or replayed.
`.trim();
}

import { startCinetpayEmulator } from "@/test/emulators/cinetpay";
import { startPawapayEmulator } from "@/test/emulators/pawapay";
import { setting } from "@/lib/runtime/config";

// npm run emulators — the pawaPay and CinetPay contract emulators on 127.0.0.1, for `npm run dev`
// with LIVE_PROVIDERS pointing at them (README, "Going live"). Callbacks go to KOLA_URL.

const kola = setting("KOLA_URL");
const pawapayPort = setting("PAWAPAY_EMULATOR_PORT");
const cinetpayPort = setting("CINETPAY_EMULATOR_PORT");
const cinetpay = { apiKey: "emulator-api-key", siteId: "100000", secretKey: "emulator-secret-key", transferPassword: "emulator-transfer-password" };

const pawapay = await startPawapayEmulator({
  port: pawapayPort,
  token: "emulator-token",
  callbackUrl: `${kola}/api/providers/pawapay/callback`,
  disbursementCallbackUrl: `${kola}/api/providers/pawapay/disbursements/callback`,
  callbackDelayMs: 2000,
});
const cinet = await startCinetpayEmulator({ port: cinetpayPort, ...cinetpay, transferDelayMs: 2000 });

process.stdout.write(`pawaPay emulator on ${pawapay.url}, CinetPay emulator on ${cinet.url}; callbacks to ${kola}
Start Kola with:
  LIVE_PROVIDERS=pawapay,cinetpay \\
  PAWAPAY_BASE_URL=${pawapay.url} PAWAPAY_API_TOKEN=emulator-token \\
  CINETPAY_BASE_URL=${cinet.url} CINETPAY_API_KEY=${cinetpay.apiKey} CINETPAY_SITE_ID=${cinetpay.siteId} CINETPAY_SECRET_KEY=${cinetpay.secretKey} \\
  CINETPAY_TRANSFER_URL=${cinet.url} CINETPAY_TRANSFER_PASSWORD=${cinetpay.transferPassword} \\
  PUBLIC_BASE_URL=${kola} npm run dev
and check what Kola understands of them (the same settings, with npm run providers:check).
`);

const stop = () => void Promise.all([pawapay.close(), cinet.close()]).then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

import { setting } from "@/lib/runtime/config";
import { OrangeSmsSender } from "./orange";
import type { SmsSender } from "./sender";

export { SmsError, type SmsSender } from "./sender";

// The server's SMS sender, from its settings (SMS_PROVIDER): none while SMS is off, the default.
// Off, nothing asks for an SMS: no row of `notifications` is written for one.

export function smsEnabled(): boolean {
  return setting("SMS_PROVIDER") !== "off";
}

export function smsSender(): SmsSender | null {
  switch (setting("SMS_PROVIDER")) {
    case "orange":
      return new OrangeSmsSender();
    default:
      return null;
  }
}

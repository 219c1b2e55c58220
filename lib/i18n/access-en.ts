import type { accessFr } from "./access-fr";

type Words<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Words<T[K]> };

// Who may do what, in English: the same keys as access-fr.ts.
export const accessEn: Words<typeof accessFr> = {
  refused: "Your role does not allow this. Ask the account's owner.",
  readOnly: "Read only: your role lets you see this, not change it. The owner or an admin can.",
  marketplace: {
    name: "Name",
    color: "Colour",
    fee: "Commission",
    delay: "Hold before sellers are paid",
    delayDays: "{n} days",
    logo: "Logo",
    noLogo: "No logo",
    status: "Status",
    active: "Active: links accept payments",
    inactive: "Switched off: links refuse new payments",
    questions: "Questions asked of the buyer",
    noQuestions: "No questions besides name, e-mail and number",
  },
  live: {
    title: "Real payments are not open yet",
    intro: "In Live mode your customers pay from their real mobile money account. This server is not connected to a mobile money provider yet: until it is, nobody can pay in Live mode, so we do not offer to create anything there.",
    stepsTitle: "To take real payments:",
    step1: "Whoever runs this Kola server (your provider, or you if you installed it) opens a merchant account with a mobile money provider (pawaPay or CinetPay).",
    step2: "They enter the credentials the provider gives them on the server, then restart it.",
    step3: "This message goes away: your links, counter and payment pages open in Live mode.",
    meanwhile: "Until then everything works in Test mode, with simulated payments.",
    guide: "The guide for whoever runs the server:",
    backToTest: "Back to Test mode",
  },
  welcome: {
    title: "Welcome, {name}!",
    text: "Create your first payment link: an amount, a name, and you send it by WhatsApp or SMS. You are in Test mode: try it freely, no money moves.",
    firstLink: "Create my first link",
    counter: "Take a payment at the counter",
    developers: "Connecting Kola to a website? Your API keys are under Developers.",
  },
  keys: {
    emptyTitle: "No API key yet",
    emptyText: "An API key connects your website or app to Kola. It is shown only once, when you create it.",
    createTest: "Create a test key",
  },
  password: {
    title: "Password",
    intro: "Changing your password signs out your other devices; this one stays signed in.",
    current: "Current password",
    next: "New password",
    nextHint: "At least 8 characters.",
    submit: "Change password",
    done: "Password changed. Your other devices are signed out.",
    wrongCurrent: "The current password is wrong.",
  },
  removed: "You no longer have access to this account: an owner removed you from the team. Sign in to another account, or ask for a new invitation.",
};

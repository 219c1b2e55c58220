import { countries, type CountryIso3 } from "./index";

// The operator of a mobile number, from its country's national numbering plan: which network's
// range the number's prefix falls in (DESIGN §2). Dependency-free: the dashboard imports it too.
//
// Matched on the national significant number (the E.164 digits after the country calling code, as
// lib/countries/phones.ts stores them), longest prefix first. Each country's rows cite where they
// come from. Three kinds of row:
//   confirmed    a page read for this table says so (the regulator's announcement as reported, or a
//                numbering-plan reference): the detection is `certain`, unless the country has mobile
//                number portability in force (a ported number keeps its old prefix)
//   unconfirmed  given by the issue or our pawaPay emulator, not found in any page read: used as the
//                payout's default (never `certain`), so never the reason to refuse an operator
//   unsupported  a network whose wallet Kola does not pay to (none of DESIGN §2's operators)
// A prefix not in the table is "unknown": the payout needs its operator given. Where no page could
// be found for a country's ranges, the comment says so and the country has no rows: no prefix is
// written from memory.
//
// Wave (CIV, SEN) is a wallet on a number of any network, never told by a prefix: it must be
// chosen, and is accepted on any number of its country.

type Row = { prefixes: string[]; network: string; operator: string | null; confirmed: boolean };
type Plan = { callingCode: string; portability: boolean; rows: Row[]; anyNumber: string[] };

const row = (network: string, operator: string | null, prefixes: string[], confirmed = true): Row => ({ prefixes, network, operator, confirmed });

const plans: Record<CountryIso3, Plan> = {
  // Cameroon, 9 digits 6XXXXXXXX. In 2007 MTN numbers took a leading 7 and Orange's a 9
  // (commsupdate.com 2007-03-12, cameroon-info.net "pourquoi on passe à 8 chiffres"); in 2014 every
  // mobile number took a leading 6 (ART, as reported by cameroon-info.net and journalducameroun.com,
  // 2014-11-21): 67 MTN, 69 Orange. The 65 range was opened in 2013 to both (ART decision of
  // 2013-04-10, as reported by etudiant-ados.com) without the split being in the page read: the
  // 650–654/655–659 and 680–684/685–689 splits are the and our emulator's, unconfirmed.
  // Nexttel's and Camtel's mobile ranges were not found: not listed.
  CMR: {
    callingCode: "237",
    portability: false,
    anyNumber: [],
    rows: [
      row("MTN", "MTN_MOMO_CMR", ["67"]),
      row("Orange", "ORANGE_MONEY_CMR", ["69"]),
      row("MTN", "MTN_MOMO_CMR", ["650", "651", "652", "653", "654", "680", "681", "682", "683", "684"], false),
      row("Orange", "ORANGE_MONEY_CMR", ["655", "656", "657", "658", "659", "685", "686", "687", "688", "689"], false),
    ],
  },
  // Côte d'Ivoire, 10 digits since 2021-01-31: mobiles 01 Moov, 05 MTN, 07 Orange (ARTCI, as
  // reported by newsgeek.ci 2020-07-28 and journaldeconakry.com; fr.wikipedia "Liste des indicatifs
  // téléphoniques en Côte d'Ivoire"). Portability in force (sent.dm/resources/CI).
  CIV: {
    callingCode: "225",
    portability: true,
    anyNumber: ["WAVE_CIV"],
    rows: [row("Moov", "MOOV_MONEY_CIV", ["01"]), row("MTN", "MTN_MOMO_CIV", ["05"]), row("Orange", "ORANGE_MONEY_CIV", ["07"])],
  },
  // Senegal, 9 digits 7XXXXXXXX: 77 Orange (Sonatel) and 76 Tigo, now Free (avomm.com, on the
  // 9-digit switch); 78 opened to Orange in 2012 (ARTP communiqué, as reported by osiris.sn
  // 2012-10-17). sent.dm/resources/SN says the opposite (Orange 70/76, Free 77/78): the two
  // independent pages above are kept. Expresso's range was not confirmed: not listed. Portability in
  // force (cicodev.org).
  SEN: {
    callingCode: "221",
    portability: true,
    anyNumber: ["WAVE_SEN"],
    rows: [row("Orange", "ORANGE_MONEY_SEN", ["77", "78"]), row("Free", "FREE_MONEY_SEN", ["76"])],
  },
  // Benin, 10 digits since 2024-11-30: every mobile number took 01 in front of its 8 digits,
  // whatever its operator (ARCEP Bénin, as reported by fr.allafrica.com 2024-11-30). No page read
  // gives the operators' ranges after 01: no rows, a payout needs its operator.
  BEN: { callingCode: "229", portability: false, anyNumber: [], rows: [] },
  // Burkina Faso, 8 digits, mobiles from 5, 6, 7 (sent.dm/resources/BF; ARCEP's 2014 renumbering of
  // fixed lines, lefaso.net). No page read splits the mobile ranges by operator: no rows.
  BFA: { callingCode: "226", portability: false, anyNumber: [], rows: [] },
  // Togo, 8 digits: Togo Cellulaire (Togocel, T-Money) 90, 91, 92 and Moov 98, 99 after the 2011
  // renumbering (ARTP, as reported by blog.africantelecomsnews.com 2011-08-23); Togocel 70, 71 and
  // Moov 79, 96, 97 (sent.dm/resources/tg). Portability in force since 2024-05-03 (ARCEP, as
  // reported by togoregard.tg).
  TGO: {
    callingCode: "228",
    portability: true,
    anyNumber: [],
    rows: [row("Togocel", "TMONEY_TGO", ["70", "71", "90", "91", "92"]), row("Moov", "MOOV_MONEY_TGO", ["79", "96", "97", "98", "99"])],
  },
  // Congo, 9 digits since 2010-10-15: mobile 05 Celtel/Zain (today Airtel), 06 MTN (wtng.info
  // "Congo (Brazzaville) +242"). 04 (Warid then) not confirmed as Airtel's today: not listed.
  COG: {
    callingCode: "242",
    portability: false,
    anyNumber: [],
    rows: [row("Airtel", "AIRTEL_MONEY_COG", ["05"]), row("MTN", "MTN_MOMO_COG", ["06"])],
  },
  // Gabon, 9 digits nationally since 2019 (8 after +241): Airtel 074, 077; Libertis/Moov 062, 065,
  // 066 (ARCEP Gabon, as reported by gaboneco.com and news.alibreville.com 2019 and 2024). The
  // 8-digit form (04/07 Airtel, 02/05/06 Libertis-Moov) still parses: both are listed. Moov's
  // wallet is not one of ours.
  GAB: {
    callingCode: "241",
    portability: false,
    anyNumber: [],
    rows: [row("Airtel", "AIRTEL_MONEY_GAB", ["74", "77", "04", "07"]), row("Libertis/Moov", null, ["62", "65", "66", "02", "05", "06"])],
  },
  // DR Congo, 9 digits, mobiles from 8 and 9 (sent.dm/resources/CD; callsky.io "the first two
  // digits tell the operator"). No page read gives each operator's ranges: no rows.
  COD: { callingCode: "243", portability: false, anyNumber: [], rows: [] },
  // Kenya, 9 digits: Safaricom (M-Pesa) 070x–072x, 0740–0743, 0746, 0748, 079x (shopinkenya.com,
  // "Safaricom prefixes") and 0110, 0111 (standardmedia.co.ke 2019); Airtel 0730–0739, 0750–0756,
  // 0785–0789, 0100–0102 (Communications Authority, as reported by techweez.com 2019-04-10).
  // Telkom's, and Safaricom's 0757–0759 and 0768–0769, not confirmed: not listed. Portability in
  // force (sent.dm/resources/ke).
  KEN: {
    callingCode: "254",
    portability: true,
    anyNumber: [],
    rows: [
      row("Safaricom", "MPESA_KEN", ["70", "71", "72", "740", "741", "742", "743", "746", "748", "79", "110", "111"]),
      row("Airtel", null, ["73", "750", "751", "752", "753", "754", "755", "756", "785", "786", "787", "788", "789", "100", "101", "102"]),
    ],
  },
  // Rwanda, 9 digits: 72, 73 Airtel; 78, 79 MTN (RURA's plan, as summarised by "Telephone numbers in
  // Rwanda", probsee.com; sent.dm/resources/RW).
  RWA: {
    callingCode: "250",
    portability: false,
    anyNumber: [],
    rows: [row("Airtel", "AIRTEL_MONEY_RWA", ["72", "73"]), row("MTN", "MTN_MOMO_RWA", ["78", "79"])],
  },
  // Tanzania, 9 digits: 61, 62 Halotel ("Telephone numbers in Tanzania", wikimili.com, after TCRA);
  // 74, 75, 76 Vodacom, 68, 78 Airtel, 65, 67, 71 Tigo (fursa24.com). 69 (Halotel there, Airtel
  // elsewhere) and 73, 77 not confirmed: not listed. Vodacom's M-Pesa is not one of our operators.
  // Portability in force (TCRA's plan, as summarised by probsee.com).
  TZA: {
    callingCode: "255",
    portability: true,
    anyNumber: [],
    rows: [
      row("Halotel", "HALOPESA_TZA", ["61", "62"]),
      row("Airtel", "AIRTEL_MONEY_TZA", ["68", "78"]),
      row("Tigo", "TIGO_PESA_TZA", ["65", "67", "71"]),
      row("Vodacom", null, ["74", "75", "76"]),
    ],
  },
  // Zambia, 9 digits: MTN 76, 96; Airtel 77, 97, 57 (57 allocated 2024-12); Zamtel 95 (ZICTA's plan,
  // as summarised by "Telephone numbers in Zambia", grokipedia.com). sent.dm/resources/ZM gives 096
  // to Zamtel too: the ZICTA-cited page is kept.
  ZMB: {
    callingCode: "260",
    portability: false,
    anyNumber: [],
    rows: [row("MTN", "MTN_MOMO_ZMB", ["76", "96"]), row("Airtel", "AIRTEL_MONEY_ZMB", ["77", "97", "57"]), row("Zamtel", null, ["95"])],
  },
};

export type NumberOperator =
  /** the number's network has one of our wallets; `certain`: a confirmed row in a country without portability */
  | { kind: "operator"; operator: string; network: string; certain: boolean }
  /** the number's network has no wallet Kola pays to */
  | { kind: "unsupported"; network: string; certain: boolean }
  /** the prefix tells nothing (not in the table, or the number is not of the country) */
  | { kind: "unknown" };

/** The operator of `digits` (E.164 without `+`, as stored) of `country`, by its prefix. */
export function operatorOfNumber(digits: string, country: CountryIso3): NumberOperator {
  const plan = plans[country];
  if (!digits.startsWith(plan.callingCode)) return { kind: "unknown" };
  const national = digits.slice(plan.callingCode.length);
  let best: { row: Row; length: number } | undefined;
  for (const r of plan.rows) {
    for (const prefix of r.prefixes) if (national.startsWith(prefix) && prefix.length > (best?.length ?? 0)) best = { row: r, length: prefix.length };
  }
  if (!best) return { kind: "unknown" };
  const certain = best.row.confirmed && !plan.portability;
  if (!best.row.operator) return { kind: "unsupported", network: best.row.network, certain };
  return { kind: "operator", operator: best.row.operator, network: best.row.network, certain };
}

/** The country's calling code (`237`): the first digits of its numbers as stored. */
export function callingCodeOf(country: CountryIso3): string {
  return plans[country].callingCode;
}

/** Wallets a number of any network of the country may hold (Wave): never told by a prefix. */
export function walletsOnAnyNumber(country: CountryIso3): string[] {
  return plans[country].anyNumber;
}

/** The operator a payout to this number goes to when none is given; null when the number does not tell. */
export function payoutOperatorOf(digits: string, country: CountryIso3): string | null {
  const found = operatorOfNumber(digits, country);
  return found.kind === "operator" ? found.operator : null;
}

/**
 * Why `operator` cannot be this number's wallet, when its prefix says so for certain (a confirmed
 * range, no portability in the country); null when it may be. A wallet on any number (Wave) may be.
 */
export function operatorMismatch(operator: string, digits: string, country: CountryIso3): string | null {
  if (walletsOnAnyNumber(country).includes(operator)) return null;
  const found = operatorOfNumber(digits, country);
  if (found.kind === "unknown" || !found.certain) return null;
  if (found.kind === "operator") {
    return found.operator === operator ? null : `The number is on ${found.network}'s network: its wallet is ${found.operator}`;
  }
  const own = Object.keys(countries[country].operators).filter((code) => !walletsOnAnyNumber(country).includes(code));
  return `The number is on ${found.network}'s network, whose wallet Kola does not pay to: give a number of ${own.join(", ")}`;
}

/** The table as rows, for its test: country, prefix, operator (or null), confirmed, certain. */
export function numberingTable(): { country: CountryIso3; prefix: string; operator: string | null; network: string; confirmed: boolean; certain: boolean }[] {
  return (Object.keys(plans) as CountryIso3[]).flatMap((country) =>
    plans[country].rows.flatMap((r) => r.prefixes.map((prefix) => ({ country, prefix, operator: r.operator, network: r.network, confirmed: r.confirmed, certain: r.confirmed && !plans[country].portability }))),
  );
}

/**
 * Each operator's prefixes in `country` (national significant number), for a page's script that
 * pre-chooses the operator as the number is typed (the stall's page): a hint, never a check.
 */
export function operatorPrefixes(country: CountryIso3): { callingCode: string; prefixes: Record<string, string[]> } {
  const plan = plans[country];
  const prefixes: Record<string, string[]> = {};
  for (const r of plan.rows) if (r.operator) prefixes[r.operator] = [...(prefixes[r.operator] ?? []), ...r.prefixes];
  return { callingCode: plan.callingCode, prefixes };
}

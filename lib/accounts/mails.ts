import { publicBaseUrl } from "@/lib/runtime/config";
import type { Mail } from "@/lib/mail/send-mail";
import { nameInMail, oneLine } from "@/lib/mail/text";
import type { Role } from "@/lib/core/roles";

// The account mails, in French then English (an account has no language yet; the dashboard's
// default is French). Plain text: nothing to escape; a name someone typed goes through
// lib/mail/text.ts (one line, no link) and never shares a line with a link.

function both(fr: string, en: string): string {
  return `${fr}\n\n— English —\n\n${en}\n`;
}

export function resetMail(to: string, token: string): Mail {
  const link = `${publicBaseUrl()}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: "Réinitialiser votre mot de passe Kola / Reset your Kola password",
    text: both(
      `Quelqu’un (vous, espérons-le) a demandé à changer le mot de passe de votre compte Kola.\n\nChoisissez un nouveau mot de passe ici (lien valable une heure, une seule fois) :\n${link}\n\nSi ce n’était pas vous, ignorez ce message : votre mot de passe ne change pas.`,
      `Someone (you, we hope) asked to change the password of your Kola account.\n\nChoose a new password here (the link works once, for an hour):\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
    ),
  };
}

export function passwordChangedMail(to: string, how: "reset" | "changed" = "reset"): Mail {
  const link = `${publicBaseUrl()}/forgot-password`;
  const fr = how === "changed" ? "vos autres sessions ont été fermées (celle où il a été changé reste ouverte)" : "toutes les sessions ouvertes ont été fermées";
  const en = how === "changed" ? "your other sessions were closed (the one it was changed in stays open)" : "every open session was closed";
  return {
    to,
    subject: "Votre mot de passe Kola a changé / Your Kola password was changed",
    text: both(
      `Le mot de passe de votre compte Kola vient d’être changé, et ${fr}.\n\nSi ce n’était pas vous, réinitialisez-le tout de suite : ${link}`,
      `The password of your Kola account was just changed, and ${en}.\n\nIf it was not you, reset it now: ${link}`,
    ),
  };
}

export function confirmSignupMail(to: string, token: string): Mail {
  const link = `${publicBaseUrl()}/signup/confirm?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: "Confirmez votre adresse pour ouvrir votre compte Kola / Confirm your address to open your Kola account",
    text: both(
      `Bienvenue sur Kola. Pour ouvrir votre compte, confirmez votre adresse (lien valable 24 heures, une seule fois) :\n${link}\n\nSi vous n’avez rien demandé, ignorez ce message : aucun compte ne sera créé.`,
      `Welcome to Kola. To open your account, confirm your address (the link works once, for 24 hours):\n${link}\n\nIf you did not ask for this, ignore this mail: no account will be created.`,
    ),
  };
}

export function alreadyRegisteredMail(to: string): Mail {
  const login = `${publicBaseUrl()}/login`;
  const reset = `${publicBaseUrl()}/forgot-password`;
  return {
    to,
    subject: "Tentative d’inscription avec votre adresse / Someone tried to sign up with your address",
    text: both(
      `Quelqu’un a essayé de créer un compte Kola avec votre adresse, qui a déjà un compte. Rien n’a changé.\n\nSi c’était vous, connectez-vous : ${login}\nMot de passe oublié ? ${reset}\n\nSinon, ignorez ce message.`,
      `Someone tried to open a Kola account with your address, which already has one. Nothing changed.\n\nIf it was you, log in: ${login}\nForgot your password? ${reset}\n\nOtherwise, ignore this mail.`,
    ),
  };
}

const roleWords: Record<Role, [fr: string, en: string]> = {
  owner: ["propriétaire (tout, y compris l’équipe)", "owner (everything, the team included)"],
  admin: ["administrateur (tout sauf l’équipe)", "admin (everything but the team)"],
  developer: ["développeur (clés API, webhooks, lecture)", "developer (API keys, webhooks, reading)"],
  viewer: ["lecture seule (consulter, sans rien changer ni déplacer d’argent)", "viewer (reading only: nothing changed, no money moved)"],
  cashier: ["caissier (le comptoir : demander aux clients de payer, voir ses ventes du jour)", "cashier (the counter: asking buyers to pay, seeing their own sales of the day)"],
};

export function invitationMail(to: string, token: string, about: { business: string; inviter: string | null; role: Role }): Mail {
  const link = `${publicBaseUrl()}/invitation?token=${encodeURIComponent(token)}`;
  const [roleFr, roleEn] = roleWords[about.role];
  const business = nameInMail(about.business);
  const inviter = about.inviter && oneLine(about.inviter);
  const byFr = inviter ? `${inviter} vous invite` : "Vous êtes invité(e)";
  const byEn = inviter ? `${inviter} invites you` : "You are invited";
  return {
    to,
    subject: `Rejoignez ${business} sur Kola / Join ${business} on Kola`,
    text: both(
      `${byFr} à rejoindre ${business} sur Kola, avec le rôle ${roleFr}.\n\nAcceptez ici (lien valable 7 jours, une seule fois) :\n${link}\n\nSi vous ne vous attendiez pas à cette invitation, ignorez ce message.`,
      `${byEn} to join ${business} on Kola as ${roleEn}.\n\nAccept here (the link works once, for 7 days):\n${link}\n\nIf you did not expect this invitation, ignore this mail.`,
    ),
  };
}

// The French words of the descriptions inside the operations of the French tags (GET
// /v1/openapi.json?lang=fr): fields, parameters, headers, responses, and the notes the document adds
// to an operation (paging, roles). Keyed by the English text: a text repeated across schemas is
// written once. A description is read paragraph by paragraph (the error lines of a response, the
// notes of an operation); the sentences the document appends to a field (trimming, one line) and
// the amount rule of lib/countries are read apart, so a field is written once whatever follows it.
// test/api/openapi-fr.test.ts fails when a description of these operations has no French here.

const texts: Record<string, string> = {
  // the notes lib/api/openapi.ts adds to an operation
  "Newest first, at most `limit` items. When there are more, the `Link` header holds the next page's URL (`rel=\"next\"`), which repeats `limit` and sets `starting_after` to the last id.":
    "Les plus récents d'abord, au plus `limit` éléments. S'il y en a d'autres, l'en-tête `Link` donne l'URL de la page suivante (`rel=\"next\"`), qui reprend `limit` et met dans `starting_after` le dernier id.",
  "Without `limit` and `starting_after`, the whole list in one JSON array, however long (sent as it is read from the database, without a `Link` header). Should the server fail after it has started sending, the transfer is cut off before the closing `]`: a client never sees a shorter list that parses.":
    "Sans `limit` ni `starting_after`, toute la liste en un seul tableau JSON, si longue soit-elle (envoyée à mesure qu'elle est lue dans la base, sans en-tête `Link`). Si le serveur échoue après avoir commencé l'envoi, le transfert est coupé avant le `]` final : un client ne reçoit jamais une liste plus courte qui se lirait.",
  "Dashboard only: it answers no CORS, so pages on other origins can neither call nor read it.":
    "Tableau de bord seulement : cette opération ne répond à aucun CORS, les pages d'autres origines ne peuvent donc ni l'appeler ni la lire.",
  "Any member of the account may call it, a cashier too: it concerns only the signed-in login.":
    "Tout membre du compte peut l'appeler, un caissier aussi : elle ne concerne que la connexion en cours.",
  "Every role may call it (an API key too); a cashier sees only its own.":
    "Tous les rôles peuvent l'appeler (une clé d'API aussi) ; un caissier ne voit que ce qui est à lui.",
  "A cashier, an admin or an owner may call it (an API key acts as an admin): another role gets 403 `INSUFFICIENT_ROLE`.":
    "Un caissier, un administrateur ou un propriétaire peut l'appeler (une clé d'API agit en administrateur) : un autre rôle reçoit 403 `INSUFFICIENT_ROLE`.",
  "Any member of the account may call it (an API key too), but a cashier: 403 `INSUFFICIENT_ROLE`.":
    "Tout membre du compte peut l'appeler (une clé d'API aussi), sauf un caissier : 403 `INSUFFICIENT_ROLE`.",
  "Owners only (dashboard session): a member of another role gets 403 `INSUFFICIENT_ROLE`.":
    "Propriétaires seulement (session du tableau de bord) : un membre d'un autre rôle reçoit 403 `INSUFFICIENT_ROLE`.",
  "Needs an owner or an admin (an API key acts as an admin): a member of a lesser role, or a cashier, gets 403 `INSUFFICIENT_ROLE`.":
    "Il faut être propriétaire ou administrateur (une clé d'API agit en administrateur) : un membre d'un rôle inférieur, ou un caissier, reçoit 403 `INSUFFICIENT_ROLE`.",
  "Needs an owner, an admin or a developer (an API key acts as an admin): a member of a lesser role, or a cashier, gets 403 `INSUFFICIENT_ROLE`.":
    "Il faut être propriétaire, administrateur ou développeur (une clé d'API agit en administrateur) : un membre d'un rôle inférieur, ou un caissier, reçoit 403 `INSUFFICIENT_ROLE`.",

  // headers, parameters and responses every operation has
  "Any unique string up to 255 characters. Retrying with the same key and body within 24 h replays the first response instead of acting twice; another body is 422 `IDEMPOTENCY_KEY_REUSED`; while the first request with the key still runs, 409 `IDEMPOTENCY_KEY_IN_USE`. A 5xx is not stored and nothing of it is kept: retry with the same key.":
    "Une chaîne unique quelconque, jusqu'à 255 caractères. Réessayer avec la même clé et le même corps dans les 24 h renvoie la première réponse au lieu d'agir deux fois ; un autre corps donne 422 `IDEMPOTENCY_KEY_REUSED` ; tant que la première requête avec cette clé s'exécute, 409 `IDEMPOTENCY_KEY_IN_USE`. Une 5xx n'est pas enregistrée et rien n'en est gardé : réessayez avec la même clé.",
  "The id of this request, on every response: yours if you sent a valid `x-request-id`, else a new UUID. Quote it when asking for support.":
    "L'id de cette requête, sur chaque réponse : le vôtre si vous avez envoyé un `x-request-id` valide, sinon un nouvel UUID. Citez-le quand vous demandez de l'aide.",
  'Present when there is a next page: `<https://…?limit=100&starting_after=…>; rel="next"`.':
    'Présent quand il y a une page suivante : `<https://…?limit=100&starting_after=…>; rel="next"`.',
  "`true` when this is the stored response of an earlier request with the same `Idempotency-Key`.":
    "`true` quand c'est la réponse enregistrée d'une requête précédente avec la même `Idempotency-Key`.",
  "`*`: browsers on any origin may read this response.": "`*` : les navigateurs de toute origine peuvent lire cette réponse.",
  "Seconds to wait before retrying.": "Secondes à attendre avant de réessayer.",
  Success: "Succès",
  "Invalid input: every problem is listed in `detail`.": "Entrée invalide : chaque problème est listé dans `detail`.",
  "An application error: its `type` is stable, its `message` may change.": "Une erreur de l'application : son `type` est stable, son `message` peut changer.",
  "Every problem of the request at once, FastAPI-style.": "Tous les problèmes de la requête d'un coup, à la manière de FastAPI.",
  'Where: `["body","amount"]`, `["path","gateway_id"]`, …': 'Où : `["body","amount"]`, `["path","gateway_id"]`, …',
  "`missing`, `int_type`, `string_type`, `string_too_long`, `uuid_parsing`, `json_invalid`, …":
    "`missing`, `int_type`, `string_type`, `string_too_long`, `uuid_parsing`, `json_invalid`, …",
  'What the message is made from, as pydantic gives it: `{"max_length": 100}`, `{"ge": 100}`, `{"expected": "\'XAF\'"}`, `{"error": "…"}`. Absent for types without one (`missing`, `int_parsing`, …). A refused webhook `url`: `reason` (`invalid_url`, `https_required`, `private_address`), `host`, `address`.':
    'Ce dont le message est fait, comme pydantic le donne : `{"max_length": 100}`, `{"ge": 100}`, `{"expected": "\'XAF\'"}`, `{"error": "…"}`. Absent pour les types qui n\'en ont pas (`missing`, `int_parsing`, …). Une `url` de webhook refusée : `reason` (`invalid_url`, `https_required`, `private_address`), `host`, `address`.',
  "How many items, 1–1000. Without `limit` and `starting_after`, the whole list; with `starting_after` alone, 100":
    "Combien d'éléments, 1–1000. Sans `limit` ni `starting_after`, toute la liste ; avec `starting_after` seul, 100",
  "How many items, 1–1000 (default 100)": "Combien d'éléments, 1–1000 (100 par défaut)",
  "The id of the last item of the previous page": "L'id du dernier élément de la page précédente",

  // the errors these operations answer, as their responses list them
  "`NO_API_KEY_PROVIDED`: No API Key.": "`NO_API_KEY_PROVIDED` : aucune clé d'API.",
  "`API_KEY_NOT_FOUND`: API Key not found": "`API_KEY_NOT_FOUND` : clé d'API introuvable",
  "`INSUFFICIENT_ROLE`: Your role on this account does not allow this action": "`INSUFFICIENT_ROLE` : votre rôle sur ce compte ne permet pas cette action",
  "`IDEMPOTENCY_KEY_IN_USE`: A request with this Idempotency-Key is still being processed; retry later":
    "`IDEMPOTENCY_KEY_IN_USE` : une requête avec cette Idempotency-Key est encore en cours ; réessayez plus tard",
  "`IDEMPOTENCY_KEY_REUSED`: This Idempotency-Key was already used with another request body":
    "`IDEMPOTENCY_KEY_REUSED` : cette Idempotency-Key a déjà servi avec un autre corps de requête",
  "`FILE_TOO_LARGE`: The file is too large": "`FILE_TOO_LARGE` : le fichier est trop gros",
  "`DATABASE_UNAVAILABLE`: The service is briefly unavailable; retry in a moment": "`DATABASE_UNAVAILABLE` : le service est brièvement indisponible ; réessayez dans un instant",
  "`SERVICE_BUSY`: The service is busy; retry in a moment": "`SERVICE_BUSY` : le service est occupé ; réessayez dans un instant",
  "`RATE_LIMITED`: Too many requests; retry later": "`RATE_LIMITED` : trop de requêtes ; réessayez plus tard",
  "`PAYMENT_PAGE_NOT_FOUND`: Payment page not found": "`PAYMENT_PAGE_NOT_FOUND` : page de paiement introuvable",
  "`INVOICE_NOT_FOUND`: Invoice not found": "`INVOICE_NOT_FOUND` : facture introuvable",
  "`INVOICE_PAID`: This invoice is paid: it takes no more payments and cannot be cancelled":
    "`INVOICE_PAID` : cette facture est payée : elle ne prend plus de paiement et ne peut pas être annulée",
  "`CUSTOMER_NOT_FOUND`: Customer not found": "`CUSTOMER_NOT_FOUND` : client introuvable",
  "`CUSTOMER_EXISTS`: A customer with this number is already in the book": "`CUSTOMER_EXISTS` : un client avec ce numéro est déjà dans le carnet",
  "`CUSTOMER_MERGED`: This customer was merged into another record: use that one": "`CUSTOMER_MERGED` : ce client a été fusionné dans une autre fiche : utilisez celle-là",
  "`CUSTOMER_ERASED`: This customer's personal data was erased: it cannot change any more":
    "`CUSTOMER_ERASED` : les données personnelles de ce client ont été effacées : il ne peut plus changer",
  "`ORDER_ID_CONFLICT`: A payment link with this order_id already exists with other values":
    "`ORDER_ID_CONFLICT` : un lien de paiement avec cet order_id existe déjà avec d'autres valeurs",
  "`LIVE_PAYMENTS_UNAVAILABLE`: Live payments are not available on this server yet: no live mobile-money provider is configured":
    "`LIVE_PAYMENTS_UNAVAILABLE` : les paiements réels ne sont pas encore disponibles sur ce serveur : aucun fournisseur de mobile money réel n'est configuré",
  "`OPERATOR_UNREACHABLE`: The mobile-money operator could not be reached: nothing was sent to the phone; try again or choose another operator":
    "`OPERATOR_UNREACHABLE` : l'opérateur de mobile money n'a pas pu être joint : rien n'a été envoyé au téléphone ; réessayez ou choisissez un autre opérateur",
  "`PAYMENT_REQUEST_NOT_FOUND`: Payment request not found": "`PAYMENT_REQUEST_NOT_FOUND` : demande de paiement introuvable",
  "`PAYMENT_REQUEST_IN_FLIGHT`: The buyer's phone is showing this request's prompt: it cannot be withdrawn; wait until the buyer answers or it times out":
    "`PAYMENT_REQUEST_IN_FLIGHT` : le téléphone de l'acheteur affiche l'invite de cette demande : elle ne peut pas être retirée ; attendez que l'acheteur réponde ou qu'elle expire",
  "`PAYMENT_REQUEST_CLOSED`: This payment request is paid, cancelled or past its expiry: make a new one":
    "`PAYMENT_REQUEST_CLOSED` : cette demande de paiement est payée, annulée ou expirée : faites-en une nouvelle",

  // shared fields
  "Empty, or an absolute http(s) URL of at most 2048 characters, without spaces or control characters":
    "Vide, ou une URL http(s) absolue d'au plus 2048 caractères, sans espace ni caractère de contrôle",
  "Optional: your account's currency (ISO 4217, any case; GET /v1/account says which). The link is always in it; another currency, even one Kola knows, is refused (422).":
    "Facultatif : la devise de votre compte (ISO 4217, en majuscules ou minuscules ; GET /v1/account dit laquelle). Le lien est toujours dans cette devise ; une autre, même connue de Kola, est refusée (422).",

  // payment pages
  "What the buyer sees first: the product, the cause, the bill": "Ce que l'acheteur voit d'abord : le produit, la cause, la facture",
  "`fixed`: `amount` per unit, the buyer picks a quantity up to `max_quantity`; `custom`: the buyer types an amount between `min_amount` and `max_amount`":
    "`fixed` : `amount` par unité, l'acheteur choisit une quantité jusqu'à `max_quantity` ; `custom` : l'acheteur saisit un montant entre `min_amount` et `max_amount`",
  "`fixed` only (required there): the unit price": "`fixed` seulement (obligatoire alors) : le prix unitaire",
  "`custom` only: the least the buyer may pay; absent: the currency's least amount": "`custom` seulement : le moins que l'acheteur peut payer ; absent : le plus petit montant de la devise",
  "`custom` only: the most the buyer may pay (at least `min_amount`); absent: the currency's most":
    "`custom` seulement : le plus que l'acheteur peut payer (au moins `min_amount`) ; absent : le plus grand montant de la devise",
  "`fixed` only: the most units one payment may buy (1: the buyer does not choose)": "`fixed` seulement : le plus d'unités qu'un paiement peut acheter (1 : l'acheteur ne choisit pas)",
  "Units for sale in all (a `custom` payment is one unit); absent: no limit. A payment in progress holds its units until it fails or expires.":
    "Unités en vente en tout (un paiement `custom` compte pour une unité) ; absent : sans limite. Un paiement en cours retient ses unités jusqu'à ce qu'il échoue ou expire.",
  "Payments taken in all; absent: no limit": "Paiements pris en tout ; absent : sans limite",
  "When the page stops taking payments (ISO 8601, in the future); absent: never": "Quand la page cesse de prendre des paiements (ISO 8601, dans le futur) ; absent : jamais",
  "Shown instead of the form once the page is closed, past its end or sold out": "Affiché à la place du formulaire une fois la page fermée, terminée ou épuisée",
  "Questions the buyer answers, as a marketplace's `form_blocks` blocks": "Les questions auxquelles l'acheteur répond, comme les blocs `form_blocks` d'une marketplace",
  "`fixed` pages: the unit price, for the payments that start from now": "Pages `fixed` : le prix unitaire, pour les paiements qui commencent à partir de maintenant",
  "`custom` pages: the least the buyer may pay": "Pages `custom` : le moins que l'acheteur peut payer",
  "`custom` pages: the most the buyer may pay (at least `min_amount`)": "Pages `custom` : le plus que l'acheteur peut payer (au moins `min_amount`)",
  "`fixed` pages: the most units one payment may buy": "Pages `fixed` : le plus d'unités qu'un paiement peut acheter",
  "Units for sale in all, at least the units already taken; `null`: no limit. More stock reopens a sold-out page.":
    "Unités en vente en tout, au moins les unités déjà prises ; `null` : sans limite. Plus de stock rouvre une page épuisée.",
  "Payments taken in all, at least those already taken; `null`: no limit": "Paiements pris en tout, au moins ceux déjà pris ; `null` : sans limite",
  "When the page stops taking payments (in the future); `null`: never. A later date reopens an ended page.":
    "Quand la page cesse de prendre des paiements (dans le futur) ; `null` : jamais. Une date plus tardive rouvre une page terminée.",
  "The questions, all of them (the list sent replaces the page's); payments taken keep their answers":
    "Toutes les questions (la liste envoyée remplace celle de la page) ; les paiements pris gardent leurs réponses",
  "Units held by payments that succeeded or are in progress": "Unités retenues par les paiements réussis ou en cours",
  "Payments that succeeded or are in progress": "Paiements réussis ou en cours",
  "`stock` − `units_taken`; null without a stock": "`stock` − `units_taken` ; null sans stock",
  "`open`, or why it takes no payment: `closed` (by you), `ended` (past `ends_at`), `sold_out`":
    "`open`, ou pourquoi elle ne prend pas de paiement : `closed` (par vous), `ended` (passé `ends_at`), `sold_out`",
  "The payment's own link (its `gateway_id` in webhooks)": "Le lien propre du paiement (son `gateway_id` dans les webhooks)",

  // customers
  "Search, case-insensitive: a part of the name or the e-mail, or digits of the number":
    "Recherche, sans tenir compte de la casse : une partie du nom ou de l'e-mail, ou des chiffres du numéro",
  "The number with its middle hidden (`237*******00`); null once erased": "Le numéro avec son milieu masqué (`237*******00`) ; null une fois effacé",
  "`payment`: its first successful payment; `manual`: made by hand; `invoice`: the customer of an invoice (its number, name and e-mail)":
    "`payment` : son premier paiement réussi ; `manual` : créé à la main ; `invoice` : le client d'une facture (son numéro, son nom et son e-mail)",
  "Set once merged: the record that holds its payments now": "Renseigné une fois fusionné : la fiche qui porte désormais ses paiements",
  "Set once its personal data was erased": "Renseigné une fois ses données personnelles effacées",
  "Successful payments booked to this customer": "Paiements réussis comptés pour ce client",
  "Their sum in your account's currency (minor units), refunds not deducted": "Leur somme dans la devise de votre compte (unités mineures), remboursements non déduits",
  "What refunds took back of them": "Ce que les remboursements en ont repris",
  "The payer's mobile number: international (`+237 6 70 00 00 00`, `00237…`), or national in `country`":
    "Le numéro mobile du payeur : international (`+237 6 70 00 00 00`, `00237…`), ou national dans `country`",
  "The country of a national number; absent: your account's": "Le pays d'un numéro national ; absent : celui de votre compte",
  "An e-mail address, or empty": "Une adresse e-mail, ou vide",
  "The whole number (E.164 digits); null once erased": "Le numéro entier (chiffres E.164) ; null une fois effacé",
  "The number that paid (masked once the customer was erased)": "Le numéro qui a payé (masqué une fois le client effacé)",
  "Its successful payments, newest first (the latest 100)": "Ses paiements réussis, les plus récents d'abord (les 100 derniers)",
  "Empty: no name": "Vide : pas de nom",
  "Empty: no e-mail": "Vide : pas d'e-mail",
  "The other record of the same person: its payments move to this one, and it is marked merged into this one":
    "L'autre fiche de la même personne : ses paiements passent sur celle-ci, et elle est marquée fusionnée dans celle-ci",

  // invoices
  "Your own reference, e.g. `F-2027-014` (shown to the customer); may be empty": "Votre propre référence, par exemple `F-2027-014` (montrée au client) ; peut être vide",
  "Who the invoice is for": "À qui est adressée la facture",
  "The customer's number, in your country's national form or international (`+237…`): SMS reminders. Empty: none":
    "Le numéro du client, sous la forme nationale de votre pays ou internationale (`+237…`) : rappels par SMS. Vide : aucun",
  "The customer's e-mail: e-mail reminders. Empty: none": "L'e-mail du client : rappels par e-mail. Vide : aucun",
  "The language of the customer's page and reminders": "La langue de la page du client et des rappels",
  "The price of one unit": "Le prix d'une unité",
  "What is billed; the total is the sum of quantity × unit price": "Ce qui est facturé ; le total est la somme de quantité × prix unitaire",
  "A note shown on the invoice (terms, bank details…)": "Une note affichée sur la facture (conditions, coordonnées bancaires…)",
  "The day payment is due (YYYY-MM-DD, your country's calendar)": "Le jour où le paiement est dû (AAAA-MM-JJ, calendrier de votre pays)",
  "Whether the customer may pay in parts (a deposit, then the balance); each payment reduces what is due":
    "Si le client peut payer en plusieurs fois (un acompte, puis le solde) ; chaque paiement réduit ce qui est dû",
  "`allow_partial` only (ignored otherwise): the least one part may be (the balance may always be paid whole); absent: the currency's least amount":
    "`allow_partial` seulement (ignoré sinon) : le moins qu'une part peut valoir (le solde peut toujours être payé en entier) ; absent : le plus petit montant de la devise",
  "When to remind the customer, in days from the due date: e.g. `[-3, 0, 7]` (3 days before, on the day, 7 days after). One reminder per step at most, by e-mail and SMS to what the customer has (none: the step is recorded with no message), none once paid or cancelled. A step whose day has passed when the round first sees it is skipped for the latest one due: reminders are never sent in a burst":
    "Quand rappeler le client, en jours depuis l'échéance : par exemple `[-3, 0, 7]` (3 jours avant, le jour même, 7 jours après). Au plus un rappel par étape, par e-mail et SMS selon ce que le client a (aucun : l'étape est notée sans message), aucun une fois payée ou annulée. Une étape dont le jour est passé quand la tournée la voit pour la première fois est sautée au profit de la dernière due : les rappels ne partent jamais en rafale",
  "E.164 digits without `+`, or empty": "Chiffres E.164 sans `+`, ou vide",
  "quantity × unit_price": "quantity × unit_price",
  "What successful payments brought": "Ce que les paiements réussis ont apporté",
  "What payments in progress hold: no other payment may take it until they fail or expire":
    "Ce que retiennent les paiements en cours : aucun autre paiement ne peut le prendre tant qu'ils n'ont pas échoué ou expiré",
  "`total` − `amount_paid`, never below 0": "`total` − `amount_paid`, jamais sous 0",
  "The least one part may be; null when the invoice is paid whole": "Le moins qu'une part peut valoir ; null quand la facture se paie en entier",
  "`open`, `partially_paid`, `paid`, `overdue` (past its due date, not paid: what is paid shows in `amount_paid`), `cancelled`":
    "`open`, `partially_paid`, `paid`, `overdue` (échéance passée, non payée : ce qui est payé figure dans `amount_paid`), `cancelled`",
  "The customer's page: the invoice and its pay form (works without JavaScript)": "La page du client : la facture et son formulaire de paiement (fonctionne sans JavaScript)",
  "The invoice to print, with your business's details": "La facture à imprimer, avec les coordonnées de votre entreprise",
  "Days from the due date": "Jours depuis l'échéance",
  "E-mails and SMS written": "E-mails et SMS écrits",

  // payment requests
  "What the buyer pays, in your account's currency": "Ce que l'acheteur paie, dans la devise de votre compte",
  "The buyer's mobile-money number: international form, or national form of `country` (default: your account's country)":
    "Le numéro mobile money de l'acheteur : forme internationale, ou forme nationale de `country` (par défaut : le pays de votre compte)",
  "ISO 3166 alpha-3 of a national-form number (default: your account's country). A number of a country that does not pay in your currency is refused (422)":
    "ISO 3166 alpha-3 d'un numéro sous forme nationale (par défaut : le pays de votre compte). Un numéro d'un pays qui ne paie pas dans votre devise est refusé (422)",
  "The buyer's operator, e.g. `ORANGE_MONEY_CIV`; Wave (`WAVE_CIV`, `WAVE_SEN`) must be given. Default: the number's operator (pawaPay's prediction where pawaPay is configured, the national numbering plan otherwise); a number whose operator cannot be told is refused (422 on `operator`)":
    "L'opérateur de l'acheteur, par exemple `ORANGE_MONEY_CIV` ; Wave (`WAVE_CIV`, `WAVE_SEN`) doit être donné. Par défaut : l'opérateur du numéro (la prédiction de pawaPay là où pawaPay est configuré, le plan de numérotation national sinon) ; un numéro dont l'opérateur ne peut être déterminé est refusé (422 sur `operator`)",
  "Your note for this sale (shown in your dashboard and exports, not to the buyer)": "Votre note pour cette vente (affichée dans votre tableau de bord et vos exports, pas à l'acheteur)",
  "Your order reference, as on a payment link: held by one live link or request per account and mode":
    "Votre référence de commande, comme sur un lien de paiement : portée par un seul lien ou une seule demande en cours par compte et par mode",
  "Shown to the buyer on the pay link and the receipt page": "Montré à l'acheteur sur le lien de paiement et la page du reçu",
  "Seconds during which the request may be paid or sent again (60 s – 7 days, default a day). A prompt itself times out sooner, at the operator":
    "Secondes pendant lesquelles la demande peut être payée ou renvoyée (60 s – 7 jours, un jour par défaut). Une invite expire elle-même plus tôt, chez l'opérateur",
  "`pending`: the prompt is on the buyer's phone (or the pay link waits); `paid`; `failed`: the last attempt failed (`failure_reason`), it can be sent again; `expired`: the prompt timed out or the request ran out of time; `cancelled`":
    "`pending` : l'invite est sur le téléphone de l'acheteur (ou le lien de paiement attend) ; `paid` ; `failed` : la dernière tentative a échoué (`failure_reason`), elle peut être renvoyée ; `expired` : l'invite a expiré ou la demande a dépassé son délai ; `cancelled`",
  "`push`: the operator rang the buyer's phone for their PIN; `link`: the operator is served by a redirect provider only, so hand over `pay_url` (or show `qr_url`) instead":
    "`push` : l'opérateur a fait sonner le téléphone de l'acheteur pour son code PIN ; `link` : l'opérateur n'est servi que par un fournisseur à redirection, donnez plutôt `pay_url` (ou montrez `qr_url`)",
  "`api`, `counter` (the dashboard's counter screen) or `stall` (a buyer at a stall page)":
    "`api`, `counter` (l'écran de caisse du tableau de bord) ou `stall` (un acheteur sur une page d'étal)",
  "ISO 3166 alpha-3 of the buyer's number": "ISO 3166 alpha-3 du numéro de l'acheteur",
  "The buyer's number, E.164 digits without `+`": "Le numéro de l'acheteur, chiffres E.164 sans `+`",
  "The one-buyer payment link the request made: its payments' events carry it": "Le lien de paiement à un seul acheteur créé par la demande : les événements de ses paiements le portent",
  "The latest payment attempt (GET /v1/deposits/{track_id}); null before the first": "La dernière tentative de paiement (GET /v1/deposits/{track_id}) ; null avant la première",
  "Once paid: the receipt code anyone can check at `/r/{code}`": "Une fois payée : le code du reçu que chacun peut vérifier sur `/r/{code}`",
  "Why the latest attempt failed or expired": "Pourquoi la dernière tentative a échoué ou expiré",
  "Whether POST …/resend would push a new prompt now": "Si POST …/resend enverrait maintenant une nouvelle invite",
  "The short pay link (a page the buyer can open on any phone)": "Le lien de paiement court (une page que l'acheteur peut ouvrir sur n'importe quel téléphone)",
  "A PNG QR code of `pay_url`": "Un QR code PNG de `pay_url`",
  "The member's name (or e-mail), or the key's name": "Le nom du membre (ou son e-mail), ou le nom de la clé",
  "Who asked: the member (cashier) or API key; null when it is gone, or for the account's own stall":
    "Qui a demandé : le membre (caissier) ou la clé d'API ; null s'il n'existe plus, ou pour l'étal du compte lui-même",
  "Only requests in this status": "Seulement les demandes dans ce statut",
  "Only the requests of this day (`today` or YYYY-MM-DD), in your account's country's time zone":
    "Seulement les demandes de ce jour (`today` ou AAAA-MM-JJ), dans le fuseau horaire du pays de votre compte",
  "Only the requests of this member (user id)": "Seulement les demandes de ce membre (id d'utilisateur)",
  "Seconds (0–25) to hold the answer until `version` changes: a counter screen hears of a stall's new sale without polling":
    "Secondes (0–25) pendant lesquelles la réponse attend que `version` change : un écran de caisse apprend une nouvelle vente d'un étal sans interroger en boucle",
  "With `wait`: the `version` the caller already shows": "Avec `wait` : la `version` que l'appelant affiche déjà",
  "YYYY-MM-DD": "AAAA-MM-JJ",
  "Changes whenever a request of the day is made or changes status": "Change dès qu'une demande du jour est créée ou change de statut",
  "Who collected what (a cashier sees only its own line)": "Qui a encaissé quoi (un caissier ne voit que sa propre ligne)",
  "Seconds (0–25) to hold the answer until the status differs from `status`: one request instead of polling, for a screen that waits for the buyer":
    "Secondes (0–25) pendant lesquelles la réponse attend que le statut diffère de `status` : une seule requête au lieu d'interroger en boucle, pour un écran qui attend l'acheteur",
  "With `wait`: the status the caller already shows": "Avec `wait` : le statut que l'appelant affiche déjà",
  "Another operator of the same number (the buyer pays by Wave after all); default: the request's":
    "Un autre opérateur du même numéro (l'acheteur paie finalement par Wave) ; par défaut : celui de la demande",
};

// The sentences lib/api/openapi.ts appends to a field's description (`tidy`), last first.
const notes: Record<string, string> = {
  "One line: no line break, control character or bidirectional override (the `pattern`).":
    "Une seule ligne : ni saut de ligne, ni caractère de contrôle, ni forçage de direction (le `pattern`).",
  "Leading and trailing white space is removed before the other checks; `maxLength` counts it.":
    "Les espaces de début et de fin sont retirés avant les autres vérifications ; `maxLength` les compte.",
  "Leading and trailing white space is removed before the checks.": "Les espaces de début et de fin sont retirés avant les vérifications.",
};

// lib/countries `amountRule`: `${what}, an integer …. Bounds by currency: XAF, XOF: 100–10000000; ….`
const amountRule = /^(.+), an integer in the currency's minor unit \(whole francs for XAF\/XOF, cents for KES…\), at most 10,000,000 units of the major currency\. Bounds by currency: (.+)\.$/s;

/** The French of one paragraph, or undefined when it has none. */
function paragraph(english: string): string | undefined {
  if (english in texts) return texts[english];
  for (const [note, french] of Object.entries(notes)) {
    if (english === note) return french;
    if (!english.endsWith(` ${note}`)) continue;
    // addNote in lib/api/openapi.ts: `${description}. ${note}`, without a doubled full stop
    const base = english.slice(0, -note.length - 1);
    const head = paragraph(base) ?? (base.endsWith(".") ? paragraph(base.slice(0, -1)) : undefined);
    return head === undefined ? undefined : `${head}. ${french}`.replace(/\.\. /, ". ");
  }
  const amount = amountRule.exec(english);
  if (amount) {
    const what = paragraph(amount[1]!);
    const bounds = amount[2]!.replaceAll(": ", " : ").replaceAll("; ", " ; ");
    return what === undefined
      ? undefined
      : `${what}, un entier dans l'unité mineure de la devise (francs entiers pour XAF/XOF, cents pour KES…), au plus 10 millions d'unités de la devise principale. Bornes par devise : ${bounds}.`;
  }
  return undefined;
}

/** The French of an English description (read paragraph by paragraph), or undefined when a paragraph has none. */
export function frenchText(english: string): string | undefined {
  const paragraphs = english.split("\n\n").map(paragraph);
  return paragraphs.every((p) => p !== undefined) ? paragraphs.join("\n\n") : undefined;
}

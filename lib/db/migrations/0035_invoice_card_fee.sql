-- A card payment of an invoice reserves the part paid; its deposit is that part plus the card fee
-- when the customer bears it (card_payers.surcharge, written in the deposit's transaction): the
-- invoice counts the part only, so the fee never pays the invoice nor is given back twice.
CREATE OR REPLACE FUNCTION "invoice_payment_settled"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  part integer := NEW.amount - coalesce((SELECT surcharge FROM card_payers WHERE deposit_id = NEW.id), 0);
BEGIN
  IF OLD.status = 'pending' AND NEW.status = 'success' THEN
    UPDATE invoices SET amount_paid = amount_paid + part,
      paid_at = CASE WHEN paid_at IS NULL AND amount_paid + part >= total THEN now() ELSE paid_at END
      WHERE id = NEW.invoice_id;
  ELSIF OLD.status = 'pending' AND NEW.status IN ('failed', 'expired') THEN
    UPDATE invoices SET amount_reserved = amount_reserved - part WHERE id = NEW.invoice_id;
  ELSIF OLD.status IN ('failed', 'expired') AND NEW.status = 'success' THEN
    UPDATE invoices SET amount_reserved = amount_reserved + part, amount_paid = amount_paid + part,
      paid_at = CASE WHEN paid_at IS NULL AND amount_paid + part >= total THEN now() ELSE paid_at END
      WHERE id = NEW.invoice_id;
  END IF;
  RETURN NULL;
END;
$$;

import { methodNotAllowed } from "@/lib/api/route";
import { predictOperator } from "@/lib/providers/predict-operator";

// GET /api/providers/predict-operator?country=CMR&phone=… — the operator of a typed phone number
export const GET = predictOperator;

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

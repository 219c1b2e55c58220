import { notFound } from "@/lib/api/route";

// Any other /v1 path: 404 {"detail": "Not Found"}, as FastAPI answers (OPTIONS too: it has no methods).
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };

// What the marketplace endpoints answer, spelled field by field so that a test states a whole
// expected body briefly. Dependency-free: unit tests import it too.

/** One item of `form_blocks` as the API answers it; options as the buyer sees them. */
export function formBlock(
  fieldName: string,
  fieldType: string,
  fieldLabel: string,
  { required = false, description = "", options = [] }: { required?: boolean; description?: string; options?: string[] } = {},
) {
  return {
    fieldName,
    fieldType,
    required,
    fieldLabel,
    fieldDescription: description,
    fieldOptions: options.map((option) => ({ name: option, value: option })),
  };
}

/** The select block "Taille" (S, M) of several tests: what is sent, and what the API answers. */
export const SIZE_BLOCKS = { blocks: [{ type: "select", label: "Taille", required: true, options: ["S", "M"] }] };
export const SIZE_BLOCKS_OUT = [formBlock("taille", "select", "Taille", { required: true, options: ["S", "M"] })];

/** An image given by its URL (nothing uploaded), as the API answers it. */
export function urlImage(url: string, entityType: "marketplace_logo" | "marketplace_favicon") {
  return { url, id: null, entityType, contentType: "", fileName: "", fileType: "", fileKey: "", fileSize: 0 };
}

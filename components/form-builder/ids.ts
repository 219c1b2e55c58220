// Element ids inside the builder, so a new question, a new choice or a server error can be focused.
export const labelInputId = (blockId: string) => `block-${blockId}-label`;
export const optionInputId = (optionId: string) => `option-${optionId}`;

pub(crate) fn placeholder() {}

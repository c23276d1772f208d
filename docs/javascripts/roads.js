// The theme gives each code block's copy button a <nav> of its own; a page of many code blocks
// then holds many navigation landmarks of the same (empty) name. Each gets a name of its own.
(() => {
  let count = 0;
  function name(root) {
    for (const nav of root.querySelectorAll(".md-code__nav:not([aria-label])")) {
      count += 1;
      nav.setAttribute("aria-label", `Code block ${count}`);
    }
  }
  new MutationObserver(() => name(document)).observe(document.body, {
    childList: true,
    subtree: true,
  });
  name(document);
})();

// A table wider than a phone's screen scrolls in its own box: the keyboard reaches the box too.
(() => {
  function reach(root) {
    for (const box of root.querySelectorAll(".md-typeset__scrollwrap:not([tabindex])")) {
      if (box.scrollWidth > box.clientWidth) box.setAttribute("tabindex", "0");
    }
  }
  new MutationObserver(() => reach(document)).observe(document.body, {
    childList: true,
    subtree: true,
  });
  addEventListener("resize", () => reach(document));
  reach(document);
})();

// Makes happy-dom behave like a browser where DOMPurify depends on it; import before sanitising.
// 1. DOMPurify reads nodeName through Node.prototype's getter (a clobbered element cannot lie
//    about itself there), but happy-dom answers "" from that getter and the real name only from
//    each subclass, so every tag looked unknown.
// 2. happy-dom's NodeIterator loses its place when the node it stands on is removed (browsers
//    move it back to the preceding node), so DOMPurify skipped whatever followed a removed tag.

const baseNodeName = Object.getOwnPropertyDescriptor(Node.prototype, "nodeName")?.get;

Object.defineProperty(Node.prototype, "nodeName", {
  configurable: true,
  get(this: Node): string {
    for (let proto = Object.getPrototypeOf(this); proto && proto !== Node.prototype; ) {
      const getter = Object.getOwnPropertyDescriptor(proto, "nodeName")?.get;
      if (getter) return getter.call(this);
      proto = Object.getPrototypeOf(proto);
    }
    return baseNodeName ? baseNodeName.call(this) : "";
  },
});

/** The node after `node` in document order within `root`, or null. */
function following(node: Node, root: Node): Node | null {
  if (node.firstChild) return node.firstChild;
  for (let current: Node | null = node; current && current !== root; ) {
    if (current.nextSibling) return current.nextSibling;
    current = current.parentNode;
  }
  return null;
}

/** The node before `node` in document order (its previous sibling's last descendant, or parent). */
function preceding(node: Node): Node | null {
  let previous = node.previousSibling;
  if (!previous) return node.parentNode;
  while (previous.lastChild) previous = previous.lastChild;
  return previous;
}

function createNodeIterator(this: Document, root: Node, whatToShow = 0xffffffff): NodeIterator {
  const shown = (node: Node) => ((whatToShow >>> (node.nodeType - 1)) & 1) === 1;
  let reference: Node | null = null;
  let before: Node | null = null;
  const nextNode = (): Node | null => {
    let candidate: Node | null;
    if (!reference) candidate = root;
    else if (root.contains(reference)) candidate = following(reference, root);
    else candidate = before && root.contains(before) ? following(before, root) : null;
    while (candidate && !shown(candidate)) candidate = following(candidate, root);
    if (candidate) {
      reference = candidate;
      before = preceding(candidate);
    }
    return candidate;
  };
  return { root, whatToShow, filter: null, nextNode } as unknown as NodeIterator;
}

// The global Document is not the class happy-dom's documents are built from, so the method is
// replaced where the documents actually find it.
const owner = (() => {
  for (let proto = Object.getPrototypeOf(document); proto; proto = Object.getPrototypeOf(proto)) {
    if (Object.hasOwn(proto, "createNodeIterator")) return proto;
  }
  throw new Error("happy-dom's document has no createNodeIterator");
})();
Object.defineProperty(owner, "createNodeIterator", {
  configurable: true,
  writable: true,
  value: createNodeIterator,
});

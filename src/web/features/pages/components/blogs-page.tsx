import type { ReactNode } from 'react';

interface Post {
  id: string;
  question: string;
  answer: ReactNode;
}

function Code({ children }: { children: string }) {
  return (
    // Focusable so keyboard users can scroll a long line into view.
    <pre
      tabIndex={0}
      className="overflow-x-auto rounded-box bg-neutral p-4 text-sm text-neutral-content"
    >
      <code>{children}</code>
    </pre>
  );
}

const posts: readonly Post[] = [
  {
    id: 'react-performance',
    question: 'How can you improve the performance of a React application?',
    answer: (
      <>
        <p>
          Start by measuring. The React DevTools profiler shows which components render, how often
          and how long each render takes; the browser&apos;s performance panel and Lighthouse show
          what the user actually waits for. Fixing what the numbers point at beats guessing.
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Ship less JavaScript.</strong> Split the bundle by route with{' '}
            <code>React.lazy</code> and dynamic <code>import()</code>, so a visitor to the home page
            does not download the admin screens. Heavy widgets such as maps or charts can get a
            chunk of their own.
          </li>
          <li>
            <strong>Render less.</strong> Keep state as close as possible to the components that use
            it, so a change re-renders a small subtree. Memoise expensive calculations with{' '}
            <code>useMemo</code> and wrap pure components in <code>memo</code> only where the
            profiler shows wasted renders.
          </li>
          <li>
            <strong>Fetch smarter.</strong> A data library such as TanStack Query caches answers,
            removes duplicate requests and avoids fetching the same list on every visit.
          </li>
          <li>
            <strong>Keep long lists and images light.</strong> Virtualise lists with thousands of
            rows, give images fixed dimensions so the layout does not jump, and load off-screen
            images lazily.
          </li>
        </ul>
        <p>
          Finally, build for production: the development build includes extra checks that make React
          noticeably slower.
        </p>
      </>
    ),
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage state in a React application?',
    answer: (
      <>
        <p>
          Most state belongs to one component and lives there with <code>useState</code>, or with{' '}
          <code>useReducer</code> when several values change together according to clear rules. When
          two siblings need the same value, lift it to their closest common parent and pass it down
          as props.
        </p>
        <p>
          For values many components read but rarely change, such as the signed-in user or the
          theme, the Context API avoids passing props through every level. When shared state changes
          often or carries a lot of logic, a store library (Redux Toolkit, Zustand, Jotai) keeps
          updates predictable and lets components subscribe to just the slice they need.
        </p>
        <p>
          Two kinds of state deserve their own tools. Server state, data that really lives in the
          database, is best left to a fetching library such as TanStack Query, which handles
          caching, loading and error states and refetching. URL state, the current page, filters or
          a search term, belongs in the address bar through the router, so it survives a reload and
          can be shared as a link. Form state is handled well by a form library such as React Hook
          Form.
        </p>
      </>
    ),
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    answer: (
      <>
        <p>
          In JavaScript every object has a hidden link to another object, its prototype. When you
          read a property the object does not have itself, the engine follows that link and looks on
          the prototype, then on the prototype&apos;s prototype, and so on until it finds the
          property or reaches <code>null</code> at the end of this prototype chain.
        </p>
        <Code>{`const tool = { describe() { return 'A ' + this.name; } };
const drill = Object.create(tool); // drill's prototype is tool
drill.name = 'cordless drill';
drill.describe(); // 'A cordless drill', found on tool`}</Code>
        <p>
          Methods are therefore shared rather than copied: thousands of objects can use one function
          stored on their common prototype. Writing a property always creates it on the object
          itself, which shadows the prototype&apos;s version without changing it.
        </p>
        <p>
          The <code>class</code> syntax is a friendlier way to set up the same mechanism: methods
          declared in a class end up on <code>ClassName.prototype</code>, and <code>extends</code>{' '}
          links one prototype to another. Under the hood there are still objects delegating to
          objects.
        </p>
      </>
    ),
  },
  {
    id: 'set-state-directly',
    question: 'Why should you not set state directly in React?',
    answer: (
      <>
        <p>
          React re-renders a component when its setter function is called. Assigning a new value to
          the variable, or changing an array or object in place, happens behind React&apos;s back:
          nothing is scheduled, so the screen keeps showing the old data.
        </p>
        <Code>{`const [products, setProducts] = useState([]);

// Wrong: React is not told, nothing re-renders
products = [...products, drill];
products.push(drill); // mutates the current state in place

// Right: a new array through the setter
setProducts([...products, drill]);
// Also right, and safe when several updates queue up
setProducts((current) => [...current, drill]);`}</Code>
        <p>
          Even when a later render happens for another reason, a mutated value breaks things that
          rely on comparing old and new state by reference: <code>memo</code>,{' '}
          <code>useEffect</code> dependencies and <code>useMemo</code> see the same object and skip
          work they should have done. Local variables are also recreated on every render, so a
          directly assigned value simply disappears.
        </p>
        <p>
          Treat state as read-only: build a new value and hand it to the setter. The updater form,
          which receives the current value, avoids stale data when updates queue up.
        </p>
      </>
    ),
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test and why should we write them?',
    answer: (
      <>
        <p>
          A unit test checks one small piece of code, a function, a hook or a component, in
          isolation: it prepares an input, runs the code and compares the outcome with what is
          expected. Unit tests run in milliseconds, so a whole suite runs on every change.
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>They catch mistakes early, while the change is still fresh in your mind.</li>
          <li>
            They make refactoring safe: if the behaviour stays the same, the tests stay green.
          </li>
          <li>
            They document intent. A test named after a rule, such as &ldquo;the home page shows the
            six newest products&rdquo;, explains the code better than a comment.
          </li>
          <li>
            Writing them pushes the design towards small pieces with clear inputs and outputs.
          </li>
        </ul>
        <p>
          Good tests check what a user or caller would notice rather than implementation details.
          For React components that means finding elements by their role, label or text, as Testing
          Library encourages, so the tests survive a change of markup or styling.
        </p>
      </>
    ),
  },
];

export function BlogsPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold">Blogs</h1>
      <p className="mt-3 text-lg">
        Questions our engineers are often asked about building web front ends, answered in plain
        words.
      </p>
      <nav aria-label="Questions" className="mt-6">
        <ol className="list-decimal space-y-1 pl-6">
          {posts.map((post) => (
            <li key={post.id}>
              <a href={`#${post.id}`} className="link">
                {post.question}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {posts.map((post) => (
        <article key={post.id} aria-labelledby={post.id} className="mt-12 space-y-4">
          <h2 id={post.id} className="scroll-mt-6 text-2xl font-bold">
            {post.question}
          </h2>
          {post.answer}
        </article>
      ))}
    </div>
  );
}

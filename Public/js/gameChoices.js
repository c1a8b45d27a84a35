// A choice of games as radios, one per game (the lobby's "New match" and "Play someone now"; its clocks
// too, through clockChoices.js): a radio group is reached with Tab and changed with the arrow keys, with
// no script of ours.

/**
 * Fills `list` with one labelled radio per `{id, name}` of `choices`, all named `name`, the one of id
 * `checked` checked (else the first); each radio's test id is `testidPrefix` and its id ('later' for
 * an empty one).
 */
export function drawGameChoices(list, choices, { name, testidPrefix, checked = null }) {
  const checkedId = choices.some(({ id }) => id === checked) ? checked : choices[0]?.id;
  list.replaceChildren(
    ...choices.map(({ id, name: gameName }) => {
      const label = document.createElement('label');
      label.className = 'choice';
      const radio = document.createElement('input');
      radio.type = 'radio';
      radio.name = name;
      radio.value = id;
      radio.checked = id === checkedId;
      radio.dataset.testid = `${testidPrefix}${id || 'later'}`;
      const text = document.createElement('span');
      text.textContent = gameName;
      label.append(radio, text);
      return label;
    }),
  );
}

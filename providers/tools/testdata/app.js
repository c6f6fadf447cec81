var total = 0;
function add(a, b) {
  const unused = 1;
  return a + b;
}
module.exports = { add, total };
